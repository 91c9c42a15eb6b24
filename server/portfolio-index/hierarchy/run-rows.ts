import { sql, type Kysely } from 'kysely';
import type { BuildingRecord, SiteRecord } from '../../../src/shared/platform/records.ts';
import type { IndexTables } from '../core/tables.ts';

/**
 * A sync's writes: the places it read, as rows of its run (unnested arrays, 5,000 rows a
 * statement) and as the places search reads; and the removal of a run that is not served.
 */

export type Site = SiteRecord & { original: unknown };

/**
 * A platform record as PostgreSQL's jsonb keeps it: jsonb refuses the NUL character in any string
 * or key (22P05), and one such record would fail its whole batch, so NULs are left out. The
 * record is otherwise kept as the platform sent it (scoped listings answer with it).
 */
export function storableJson(value: unknown): string {
  const clean = (item: unknown): unknown =>
    typeof item === 'string'
      ? item.replaceAll('\u0000', '')
      : Array.isArray(item)
        ? item.map(clean)
        : item !== null && typeof item === 'object'
          ? Object.fromEntries(
              Object.entries(item).map(([key, entry]) => [
                key.replaceAll('\u0000', ''),
                clean(entry),
              ]),
            )
          : item;
  return JSON.stringify(clean(value));
}
export type Building = BuildingRecord & { original: unknown };
export interface Level {
  id: string | null;
  buildingId: string;
  position: number;
  name: string | null;
  area: number | null;
}
export interface Room {
  id: string | null;
  buildingId: string;
  levelId: string | null;
  levelPosition: number;
  name: string | null;
  area: number | null;
}

const batchRows = 5000;

async function inBatches<T>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<unknown>,
  signal?: AbortSignal,
) {
  for (let start = 0; start < rows.length; start += batchRows) {
    signal?.throwIfAborted();
    await write(rows.slice(start, start + batchRows));
  }
}

export interface Rows {
  sites?: Site[];
  buildings?: Building[];
  levels?: Level[];
  rooms?: Room[];
}

/** Names of buildings and levels by id and position, for the paths of the places below them. */
export interface PlaceNames {
  buildings: Map<string, string | null>;
  levels: Map<string, string | null>;
}

/**
 * Rows go in as arrays unnested by the database, one statement per 5,000 rows, together with the
 * places search reads. Called as the sync reads: the listings, then the levels, then each wave of
 * rooms.
 */
export async function writeRows(
  db: Kysely<IndexTables>,
  runId: number,
  { sites = [], buildings = [], levels = [], rooms = [] }: Rows,
  names: PlaceNames,
  signal?: AbortSignal,
) {
  const column = <T, V>(rows: readonly T[], pick: (row: T) => V) => rows.map(pick);
  await inBatches(
    sites,
    (batch) =>
      sql`insert into indexed_site (run_id, id, name, organization_id, timezone, retention_days, record)
        select ${runId}, * from unnest(${column(batch, (s) => s.id)}::text[], ${column(batch, (s) => s.name)}::text[], ${column(batch, (s) => s.organizationId)}::text[], ${column(batch, (s) => s.timezone)}::text[], ${column(batch, (s) => s.retentionDays)}::integer[], ${column(batch, (s) => storableJson(s.original))}::jsonb[])`.execute(
        db,
      ),
    signal,
  );
  const organizations = new Map<string, string | null>();
  for (const building of buildings)
    if (building.organizationId && !organizations.get(building.organizationId))
      organizations.set(building.organizationId, building.organizationName);
  await inBatches(
    [...organizations],
    (batch) =>
      sql`insert into indexed_organization (run_id, id, name)
        select ${runId}, * from unnest(${column(batch, ([id]) => id)}::text[], ${column(batch, ([, name]) => name)}::text[])`.execute(
        db,
      ),
    signal,
  );
  await inBatches(
    buildings,
    (b) =>
      sql`insert into indexed_building (run_id, id, name, reference_id, site_id, organization_id, organization_name, area, floor_count, space_count, device_count, measurement_count, counts_included, record)
        select ${runId}, * from unnest(
          ${column(b, (x) => x.id)}::text[], ${column(b, (x) => x.name)}::text[], ${column(b, (x) => x.referenceId)}::text[],
          ${column(b, (x) => x.siteId)}::text[], ${column(b, (x) => x.organizationId)}::text[], ${column(b, (x) => x.organizationName)}::text[],
          ${column(b, (x) => x.area)}::float8[], ${column(b, (x) => x.floorCount)}::int[], ${column(b, (x) => x.spaceCount)}::int[],
          ${column(b, (x) => x.deviceCount)}::int[], ${column(b, (x) => x.measurementCount)}::int[], ${column(b, (x) => x.includesDeviceAndMeasurementCounts)}::bool[],
          ${column(b, (x) => storableJson(x.original))}::jsonb[])`.execute(db),
    signal,
  );
  await inBatches(
    levels,
    (l) =>
      sql`insert into indexed_level (run_id, id, building_id, position, name, area)
        select ${runId}, * from unnest(${column(l, (x) => x.id)}::text[], ${column(l, (x) => x.buildingId)}::text[], ${column(l, (x) => x.position)}::int[], ${column(l, (x) => x.name)}::text[], ${column(l, (x) => x.area)}::float8[])`.execute(
        db,
      ),
    signal,
  );
  await inBatches(
    rooms,
    (r) =>
      sql`insert into indexed_room (run_id, id, building_id, level_id, level_position, name, area)
        select ${runId}, * from unnest(${column(r, (x) => x.id)}::text[], ${column(r, (x) => x.buildingId)}::text[], ${column(r, (x) => x.levelId)}::text[], ${column(r, (x) => x.levelPosition)}::int[], ${column(r, (x) => x.name)}::text[], ${column(r, (x) => x.area)}::float8[])`.execute(
        db,
      ),
    signal,
  );
  for (const level of levels)
    names.levels.set(`${level.buildingId}\u0000${level.position}`, level.name);
  await writePlaces(db, runId, buildings, levels, rooms, names, signal);
}

interface Place {
  kind: 'building' | 'level' | 'room';
  id: string | null;
  buildingId: string;
  levelId: string | null;
  levelPosition: number | null;
  name: string | null;
  buildingName: string | null;
  levelName: string | null;
}

/** Every building, level and room as a place of search, with its building's and level's names. */
function placesOf(
  buildings: Building[],
  levels: Level[],
  rooms: Room[],
  names: PlaceNames,
): Place[] {
  const buildingNames = names.buildings;
  const levelNames = names.levels;
  return [
    ...buildings.map((b) => ({
      kind: 'building' as const,
      id: b.id,
      buildingId: b.id,
      levelId: null,
      levelPosition: null,
      name: b.name,
      buildingName: b.name,
      levelName: null,
    })),
    ...levels.map((l) => ({
      kind: 'level' as const,
      id: l.id,
      buildingId: l.buildingId,
      levelId: l.id,
      levelPosition: l.position,
      name: l.name,
      buildingName: buildingNames.get(l.buildingId) ?? null,
      levelName: l.name,
    })),
    ...rooms.map((r) => ({
      kind: 'room' as const,
      id: r.id,
      buildingId: r.buildingId,
      levelId: r.levelId,
      levelPosition: r.levelPosition,
      name: r.name,
      buildingName: buildingNames.get(r.buildingId) ?? null,
      levelName: levelNames.get(`${r.buildingId}\u0000${r.levelPosition}`) ?? null,
    })),
  ];
}

async function writePlaces(
  db: Kysely<IndexTables>,
  runId: number,
  buildings: Building[],
  levels: Level[],
  rooms: Room[],
  names: PlaceNames,
  signal?: AbortSignal,
) {
  const places = placesOf(buildings, levels, rooms, names);
  // Each wave in search's last order (search-queries.ts): the places of one common word ("Reception")
  // are then written side by side, so its many matches sit on few pages of the table.
  const kindOrder = { building: 0, level: 1, room: 2 } as const;
  const compareText = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
  places.sort(
    (a, b) =>
      kindOrder[a.kind] - kindOrder[b.kind] ||
      (a.name ?? '').length - (b.name ?? '').length ||
      compareText(a.name, b.name),
  );
  await inBatches(
    places,
    (p) => {
      // The words of the place's own name, its level's (rooms) and its building's (levels, rooms),
      // compared without case or accents (queryWords in search-queries.ts treats a query the same way).
      const own = p.map((x) => x.name ?? '');
      const level = p.map((x) => (x.kind === 'room' ? (x.levelName ?? '') : ''));
      const building = p.map((x) => (x.kind === 'building' ? '' : (x.buildingName ?? '')));
      return sql`insert into indexed_place (run_id, kind, id, building_id, level_id, level_position, name, building_name, level_name, own_text, level_text, building_text, words, own_words)
      select ${runId}, kind, id, building_id, level_id, level_position, name, building_name, level_name,
        own, level, building,
        setweight(to_tsvector('simple', own), 'A') || setweight(to_tsvector('simple', level), 'B') || setweight(to_tsvector('simple', building), 'C'),
        to_tsvector('simple', own)
      from (select kind, id, building_id, level_id, level_position, name, building_name, level_name,
          storey_search_text(own) as own, storey_search_text(level) as level, storey_search_text(building) as building
        from unnest(
        ${p.map((x) => x.kind)}::text[], ${p.map((x) => x.id)}::text[], ${p.map((x) => x.buildingId)}::text[],
        ${p.map((x) => x.levelId)}::text[], ${p.map((x) => x.levelPosition)}::int[], ${p.map((x) => x.name)}::text[],
        ${p.map((x) => x.buildingName)}::text[], ${p.map((x) => x.levelName)}::text[],
        ${own}::text[], ${level}::text[], ${building}::text[]
      ) as t(kind, id, building_id, level_id, level_position, name, building_name, level_name, own, level, building)) as normalized`.execute(
        db,
      );
    },
    signal,
  );
}

export const runTables = [
  'scope_building',
  'scope_site',
  'scope_organization',
  'scope_run',
  'indexed_finding',
  'indexed_quality',
  'indexed_place',
  'indexed_room',
  'indexed_level',
  'indexed_building',
  'indexed_site',
  'indexed_organization',
] as const;

/** The GIN indexes search reads (migrations 0002 and 0009). */
export const searchIndexes = ['indexed_place_words', 'indexed_place_own_words'] as const;

/** Removes a run's rows, and says so in the run: together, so a run is never removed twice. */
export async function removeRun(db: Kysely<IndexTables>, runId: number) {
  await db.transaction().execute(async (transaction) => {
    for (const table of runTables)
      await transaction.deleteFrom(table).where('run_id', '=', runId).execute();
    await transaction
      .updateTable('index_run')
      .set({ rows_removed: true })
      .where('id', '=', runId)
      .execute();
  });
}
