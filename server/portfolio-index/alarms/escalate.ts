import { sql, type Kysely } from 'kysely';
import type { IndexTables } from '../core/tables.ts';
import { silencedUntil } from './silences.ts';

/**
 * Escalation (decision 0021): an alarm still active and unacknowledged `afterMs` after it was
 * raised is told to the next route (the building's administrators), once. Acknowledging it in
 * time, its clearing, or a silence over its building stops that. Each escalated alarm gets an
 * `escalated` event and joins one batch per building, in one transaction, so an alarm is never
 * marked escalated without being told, and two instances never escalate it twice.
 * Returns how many alarms were escalated.
 */
export async function escalateDue(
  db: Kysely<IndexTables>,
  now: Date,
  afterMs: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; building_id: string }>`select a.id, a.building_id
      from alarm a
      left join index_current c on true
      left join indexed_building b on b.run_id = c.run_id and b.id = a.building_id
      where a.acked_at is null and a.cleared_at is null and a.escalated_at is null
        and a.raised_at <= ${new Date(now.getTime() - afterMs)}
        and ${silencedUntil(now)} is null
      order by a.id limit 500
      for update of a skip locked`.execute(trx);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    await trx.updateTable('alarm').set({ escalated_at: now }).where('id', 'in', ids).execute();
    const minutes = Math.round(afterMs / 60_000);
    await trx
      .insertInto('alarm_event')
      .values(
        rows.map((row) => ({
          alarm_id: row.id,
          building_id: row.building_id,
          at: now,
          type: 'escalated',
          actor: null,
          actor_name: null,
          text: `Nobody acknowledged it within ${minutes} min: the building's administrators were told`,
        })),
      )
      .execute();
    const byBuilding = new Map<string, number[]>();
    for (const row of rows)
      byBuilding.set(row.building_id, [...(byBuilding.get(row.building_id) ?? []), row.id]);
    for (const [buildingId, alarms] of byBuilding)
      await trx
        .insertInto('notification_batch')
        .values({
          building_id: buildingId,
          window_start: now,
          due_at: now,
          route: 'escalation',
          alarm_ids: sql<number[]>`${alarms}::integer[]`,
        })
        .onConflict((conflict) =>
          conflict.columns(['building_id', 'window_start', 'route']).doUpdateSet({
            alarm_ids: sql<number[]>`notification_batch.alarm_ids || excluded.alarm_ids`,
          }),
        )
        .execute();
    return rows.length;
  });
}
