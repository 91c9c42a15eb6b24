import type { Kysely } from 'kysely';
import { clearableByHand } from '../../../src/shared/contracts/alarms.ts';
import type { IndexTables } from '../core/tables.ts';

/** Who acts: a signed-in person's subject and name ('anonymous' where nobody signs in). */
export interface Actor {
  sub: string;
  name: string | null;
}

/**
 * What people do to an alarm, each written with its event in one transaction (the timeline never
 * misses a change). The route has checked that the person may see the alarm and act on its
 * building; these write as the index's owner.
 */
export function alarmActions(db: Kysely<IndexTables>, now: () => Date) {
  const on: Acting = { db, now };
  return {
    /**
     * Acknowledges an unacknowledged alarm; 'already' (with who did) when someone was first, so
     * two people acting at once see each other's work rather than overwrite it.
     */
    acknowledge: (id: number, actor: Actor, comment: string | null) =>
      acknowledge(on, id, actor, comment),
    /** Assigns the alarm to a person (or to nobody: null). */
    assign: (id: number, assignee: Actor | null, actor: Actor) => assign(on, id, assignee, actor),
    /**
     * Clears an active alarm of a kind that cannot clear itself for good (no-data: a sensor
     * removed or replaced); 'not-clearable' for a kind that clears itself, 'already' when cleared.
     */
    clear: (id: number, actor: Actor, reason: string) => clear(on, id, actor, reason),
    comment: (id: number, text: string, actor: Actor) => comment(on, id, text, actor),
  };
}
export type AlarmActions = ReturnType<typeof alarmActions>;

interface Acting {
  db: Kysely<IndexTables>;
  now: () => Date;
}

/** The action's event, written in its transaction: the timeline never misses a change. */
function writeEvent(
  { now }: Acting,
  trx: Kysely<IndexTables>,
  alarm: { id: number; building_id: string },
  what: { type: string; actor: Actor; text: string | null },
) {
  return trx
    .insertInto('alarm_event')
    .values({
      alarm_id: alarm.id,
      building_id: alarm.building_id,
      at: now(),
      type: what.type,
      actor: what.actor.sub,
      actor_name: what.actor.name,
      text: what.text,
    })
    .execute();
}

async function acknowledge(
  on: Acting,
  id: number,
  actor: Actor,
  comment: string | null,
): Promise<'done' | { already: { sub: string | null; name: string | null; at: Date | null } }> {
  return on.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('alarm')
      .set({
        acked_at: on.now(),
        acked_by: actor.sub,
        acked_by_name: actor.name,
        ...(comment ? { last_comment: comment } : {}),
      })
      .where('id', '=', id)
      .where('acked_at', 'is', null)
      .returning(['id', 'building_id'])
      .executeTakeFirst();
    if (!updated) {
      const current = await trx
        .selectFrom('alarm')
        .select(['acked_by', 'acked_by_name', 'acked_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        already: {
          sub: current.acked_by,
          name: current.acked_by_name,
          at: current.acked_at === null ? null : new Date(current.acked_at),
        },
      };
    }
    await writeEvent(on, trx, updated, { type: 'acknowledged', actor, text: comment });
    return 'done';
  });
}

async function assign(on: Acting, id: number, assignee: Actor | null, actor: Actor) {
  await on.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('alarm')
      .set({ assignee: assignee?.sub ?? null, assignee_name: assignee?.name ?? null })
      .where('id', '=', id)
      .returning(['id', 'building_id'])
      .executeTakeFirstOrThrow();
    await writeEvent(on, trx, updated, {
      type: assignee ? 'assigned' : 'unassigned',
      actor,
      text: assignee ? (assignee.name ?? assignee.sub) : null,
    });
  });
}

async function clear(
  on: Acting,
  id: number,
  actor: Actor,
  reason: string,
): Promise<'done' | 'not-clearable' | 'already'> {
  return on.db.transaction().execute(async (trx) => {
    const alarm = await trx
      .selectFrom('alarm')
      .select(['id', 'building_id', 'kind', 'cleared_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!clearableByHand.has(alarm.kind)) return 'not-clearable';
    if (alarm.cleared_at !== null) return 'already';
    await trx
      .updateTable('alarm')
      .set({ cleared_at: on.now(), last_comment: reason })
      .where('id', '=', id)
      .execute();
    await writeEvent(on, trx, alarm, { type: 'cleared', actor, text: reason });
    return 'done';
  });
}

async function comment(on: Acting, id: number, text: string, actor: Actor) {
  await on.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('alarm')
      .set({ last_comment: text })
      .where('id', '=', id)
      .returning(['id', 'building_id'])
      .executeTakeFirstOrThrow();
    await writeEvent(on, trx, updated, { type: 'commented', actor, text });
  });
}
