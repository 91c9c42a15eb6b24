import { sql, type Kysely } from 'kysely';
import {
  checkPortfolio,
  scoresByBuilding,
  type BuildingDrillDown,
  type LevelFacts,
} from './rules.ts';
import type { IndexTables } from '../core/tables.ts';

/** What the sync read below the buildings' records, for the rules that need floors and rooms. */
export interface DrillDownsRead {
  /** The buildings whose levels were read: every one, or these. */
  levelsRead: 'all' | ReadonlySet<string>;
  /** Per building, its floor list's length and areas, where it was read apart from the levels. */
  listedFloors?: ReadonlyMap<string, { count: number; area: number | null }> | undefined;
}

const batchRows = 5_000;

/** The run's sites and buildings, as the rules read them. */
async function readRecords(db: Kysely<IndexTables>, runId: number) {
  const sites = await db
    .selectFrom('indexed_site')
    .select(['id', 'name'])
    .where('run_id', '=', runId)
    .orderBy('id')
    .execute();
  const buildings = (
    await db
      .selectFrom('indexed_building')
      .selectAll()
      .where('run_id', '=', runId)
      .orderBy('id')
      .execute()
  ).map((row) => ({
    id: row.id,
    name: row.name,
    referenceId: row.reference_id,
    siteId: row.site_id,
    area: row.area,
    floorCount: row.floor_count,
    spaceCount: row.space_count,
    deviceCount: row.device_count,
    measurementCount: row.measurement_count,
    countsIncluded: row.counts_included,
  }));
  return { sites, buildings };
}

/**
 * Each building's levels summed up: room counts and whether two rooms share a name (compared as
 * the rules compare names: trimmed, without case).
 */
async function readLevelFacts(db: Kysely<IndexTables>, runId: number) {
  const { rows: levelRows } = await sql<{
    building_id: string;
    position: number;
    name: string | null;
    area: number | null;
    rooms: number;
    same_name_rooms: boolean;
  }>`
    select l.building_id, l.position, l.name, l.area,
      coalesce(r.rooms, 0)::int as rooms, coalesce(r.same_name_rooms, false) as same_name_rooms
    from indexed_level l
    left join (
      select building_id, level_position, count(*) as rooms,
        count(*) > count(distinct lower(btrim(coalesce(name, ''), E' \\t\\r\\n'))) as same_name_rooms
      from indexed_room where run_id = ${runId}
      group by building_id, level_position
    ) r on r.building_id = l.building_id and r.level_position = l.position
    where l.run_id = ${runId}
    order by l.building_id, l.position`.execute(db);
  const levelsOf = new Map<string, LevelFacts[]>();
  for (const row of levelRows) {
    const list = levelsOf.get(row.building_id) ?? [];
    list.push({
      position: row.position,
      name: row.name,
      area: row.area,
      rooms: row.rooms,
      sameNameRooms: row.same_name_rooms,
    });
    levelsOf.set(row.building_id, list);
  }
  return levelsOf;
}

/**
 * Runs the data-quality rules over a run's whole portfolio and writes their findings and every
 * building's score beside the run's other rows, before the run is served: every screen then
 * reads one answer (queries.ts). Floors and rooms come summed up from the database (room counts
 * and same-name rooms per level), so the rooms themselves never pass through memory.
 */
export async function checkIndexedQuality(
  db: Kysely<IndexTables>,
  runId: number,
  read: DrillDownsRead,
  signal?: AbortSignal,
): Promise<{ findings: number }> {
  const { sites, buildings } = await readRecords(db, runId);
  signal?.throwIfAborted();
  const levelsOf = await readLevelFacts(db, runId);
  signal?.throwIfAborted();
  const checked = (id: string) => read.levelsRead === 'all' || read.levelsRead.has(id);
  const drillDowns = new Map<string, BuildingDrillDown>();
  for (const building of buildings)
    if (checked(building.id))
      drillDowns.set(building.id, {
        levels: levelsOf.get(building.id) ?? [],
        listedFloors: read.listedFloors?.get(building.id),
      });

  const findings = checkPortfolio({ buildings, sites, drillDowns });
  const scores = scoresByBuilding(buildings, findings);

  for (let start = 0; start < findings.length; start += batchRows) {
    signal?.throwIfAborted();
    const batch = findings.slice(start, start + batchRows);
    await sql`insert into indexed_finding (run_id, building_id, site_id, rule_id, severity, detail, level_position)
      select ${runId}, * from unnest(${batch.map((f) => f.buildingId ?? null)}::text[], ${batch.map((f) => f.siteId)}::text[],
        ${batch.map((f) => f.ruleId)}::text[], ${batch.map((f) => f.severity)}::text[], ${batch.map((f) => f.detail ?? null)}::text[],
        ${batch.map((f) => f.levelPosition ?? null)}::int[])`.execute(db);
  }
  for (let start = 0; start < buildings.length; start += batchRows) {
    signal?.throwIfAborted();
    const batch = buildings.slice(start, start + batchRows);
    await sql`insert into indexed_quality (run_id, building_id, score, checked)
      select ${runId}, * from unnest(${batch.map((b) => b.id)}::text[], ${batch.map((b) => scores.get(b.id)!)}::int[],
        ${batch.map((b) => checked(b.id))}::bool[])`.execute(db);
  }
  return { findings: findings.length };
}
