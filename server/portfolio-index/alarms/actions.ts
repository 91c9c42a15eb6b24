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
  const event = (
    trx: Kysely<IndexTables>,
    alarm: { id: number; building_id: string },
    type: string,
    actor: Actor,
    text: string | null,
  ) =>
    trx
      .insertInto('alarm_event')
      .values({
        alarm_id: alarm.id,
        building_id: alarm.building_id,
        at: now(),
        type,
        actor: actor.sub,
        actor_name: actor.name,
        text,
      })
      .execute();

  return {
    /**
     * Acknowledges an unacknowledged alarm; 'already' (with who did) when someone was first, so
     * two people acting at once see each other's work rather than overwrite it.
     */
    async acknowledge(
      id: number,
      actor: Actor,
      comment: string | null,
    ): Promise<'done' | { already: { sub: string | null; name: string | null; at: Date | null } }> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('alarm')
          .set({
            acked_at: now(),
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
        await event(trx, updated, 'acknowledged', actor, comment);
        return 'done';
      });
    },
    /** Assigns the alarm to a person (or to nobody: null). */
    async assign(id: number, assignee: Actor | null, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('alarm')
          .set({ assignee: assignee?.sub ?? null, assignee_name: assignee?.name ?? null })
          .where('id', '=', id)
          .returning(['id', 'building_id'])
          .executeTakeFirstOrThrow();
        await event(
          trx,
          updated,
          assignee ? 'assigned' : 'unassigned',
          actor,
          assignee ? (assignee.name ?? assignee.sub) : null,
        );
      });
    },
    /**
     * Clears an active alarm of a kind that cannot clear itself for good (no-data: a sensor
     * removed or replaced); 'not-clearable' for a kind that clears itself, 'already' when cleared.
     */
    async clear(
      id: number,
      actor: Actor,
      reason: string,
    ): Promise<'done' | 'not-clearable' | 'already'> {
      return db.transaction().execute(async (trx) => {
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
          .set({ cleared_at: now(), last_comment: reason })
          .where('id', '=', id)
          .execute();
        await event(trx, alarm, 'cleared', actor, reason);
        return 'done';
      });
    },
    async comment(id: number, text: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('alarm')
          .set({ last_comment: text })
          .where('id', '=', id)
          .returning(['id', 'building_id'])
          .executeTakeFirstOrThrow();
        await event(trx, updated, 'commented', actor, text);
      });
    },
  };
}
export type AlarmActions = ReturnType<typeof alarmActions>;
