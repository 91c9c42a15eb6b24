import { sql, type Kysely } from 'kysely';
import type { VerdictStatus } from '../../../src/shared/rules/comfort.ts';
import { floorsNow, type FloorNow } from '../../../src/shared/rules/floor-now.ts';
import type { IndexTables } from '../core/tables.ts';
import { maxCheckAgeMs } from './attention.ts';

/**
 * A building's floors now as its last check left them (the stacking plan's "Now" column where a
 * building reports more current values than the browser reads: the 200-floor tower). The verdicts
 * the conditions round kept for each room's readings, folded into floors by the rule the browser
 * uses (`floorsNow`). Null when the building was never checked, or not within a day.
 */
export async function buildingFloorsNow(
  db: Kysely<IndexTables>,
  runId: number,
  buildingId: string,
  now: number,
): Promise<{
  checkedAt: string;
  floors: Array<FloorNow & { floorId: string }>;
} | null> {
  const checked = await db
    .selectFrom('condition_building')
    .innerJoin('indexed_building as b', (join) =>
      join.onRef('b.id', '=', 'condition_building.building_id').on('b.run_id', '=', runId),
    )
    .select('condition_building.checked_at')
    .where('condition_building.building_id', '=', buildingId)
    .executeTakeFirst();
  if (!checked || new Date(checked.checked_at).getTime() < now - maxCheckAgeMs) return null;
  // A room's verdicts as one row: the tower's 60,000 readings come as its 20,000 rooms.
  const { rows } = await sql<{ floor_id: string; statuses: VerdictStatus[]; banded: boolean }>`
    select floor_id, array_agg(status) as statuses, bool_or(band_source is not null) as banded
    from condition_reading
    where building_id = ${buildingId} and floor_id is not null
    group by floor_id, room_id`.execute(db);
  const floors = floorsNow(
    // The index keeps only banded kinds (temperature, CO₂, humidity), but a room whose type is
    // not judged on them (a store room) has no band: it is not counted, as the browser does not.
    rows.map((row) => ({ floorId: row.floor_id, banded: row.banded, statuses: row.statuses })),
  );
  return {
    checkedAt: new Date(checked.checked_at).toISOString(),
    floors: [...floors].map(([floorId, floor]) => ({ floorId, ...floor })),
  };
}
