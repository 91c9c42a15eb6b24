import { sql, type Kysely, type RawBuilder } from 'kysely';
import { maxSilenceDays, type AlarmSilence } from '../../../src/shared/contracts/alarms.ts';
import { dayMs } from '../../../src/shared/rules/site-clock.ts';
import type { IndexTables } from '../core/tables.ts';
import type { Actor } from './actions.ts';

/**
 * Silences (decision 0021): while one holds, a building's (or a whole site's) alarms are still
 * raised, shown and handled, but nobody is told about them and nothing escalates. Each has a
 * reason and an end; whoever may act on the place may lift it early.
 */

/**
 * When the silence over an alarm's building ends, or null: for a query whose alarm is `a` and
 * whose served building is `b` (the site comes from the index).
 */
export const silencedUntil = (now: Date): RawBuilder<Date | null> =>
  sql<Date | null>`(select max(s.ends_at) from alarm_silence s
    where s.lifted_at is null and s.starts_at <= ${now} and s.ends_at > ${now}
      and ((s.node_kind = 'building' and s.node_id = a.building_id)
        or (s.node_kind = 'site' and s.node_id = b.site_id)))`;

type SilenceRow = Awaited<ReturnType<typeof silenceRows>>[number];

const silenceRows = (db: Kysely<IndexTables>, now: Date) =>
  db
    .selectFrom('alarm_silence')
    .selectAll()
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', now)
    .orderBy('ends_at')
    .limit(1000)
    .execute();

const silenceOf = (row: SilenceRow): AlarmSilence => ({
  id: row.id,
  place: { kind: row.node_kind, id: row.node_id, name: row.node_name },
  reason: row.reason,
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: new Date(row.ends_at).toISOString(),
  by: { sub: row.created_by, name: row.created_by_name },
});

export function alarmSilences(db: Kysely<IndexTables>, now: () => Date) {
  return {
    /** Silences that hold now or will: the route keeps those of places the person may see. */
    async current(): Promise<AlarmSilence[]> {
      return (await silenceRows(db, now())).map(silenceOf);
    },

    async create(
      place: { kind: 'building' | 'site'; id: string; name: string | null },
      reason: string,
      endsAt: Date,
      actor: Actor,
    ): Promise<AlarmSilence | 'ends-before-now' | 'too-long'> {
      if (endsAt.getTime() <= now().getTime()) return 'ends-before-now';
      if (endsAt.getTime() > now().getTime() + maxSilenceDays * dayMs) return 'too-long';
      const row = await db
        .insertInto('alarm_silence')
        .values({
          node_kind: place.kind,
          node_id: place.id,
          node_name: place.name,
          reason,
          starts_at: now(),
          ends_at: endsAt,
          created_by: actor.sub,
          created_by_name: actor.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return silenceOf(row);
    },

    async get(id: number): Promise<AlarmSilence | undefined> {
      const row = await db
        .selectFrom('alarm_silence')
        .selectAll()
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .where('ends_at', '>', now())
        .executeTakeFirst();
      return row && silenceOf(row);
    },

    /** Ends a silence now; false when it had already ended or been lifted. */
    async lift(id: number, actor: Actor): Promise<boolean> {
      const lifted = await db
        .updateTable('alarm_silence')
        .set({ lifted_at: now(), lifted_by: actor.sub, lifted_by_name: actor.name })
        .where('id', '=', id)
        .where('lifted_at', 'is', null)
        .where('ends_at', '>', now())
        .executeTakeFirst();
      return lifted.numUpdatedRows > 0n;
    },
  };
}
export type AlarmSilences = ReturnType<typeof alarmSilences>;
