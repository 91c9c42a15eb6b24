import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import {
  addSkips,
  buildingRecord,
  floorRecord,
  levelNode,
  readRecord,
  roomNode,
  siteRecord,
  withOriginal,
  type BuildingRecord,
  type FloorRecord,
  type RecordKind,
  type SiteRecord,
  type SkippedRecords,
  type SkipCounts,
  type SkipReason,
} from '../../../src/shared/platform/records.ts';
import { readBuildingOutlines } from '../../../src/shared/platform/outline.ts';
import { releaseTransientMemory } from '../core/database.ts';
import type { Capabilities } from '../../platform/capabilities.ts';
import { BudgetSpentError, SyncReadError, type PlatformPages } from '../core/platform-pages.ts';
import { checkIndexedQuality, type DrillDownsRead } from '../quality/check.ts';
import { deriveQualityAlarms } from '../alarms/index-alarms.ts';
import { defaultAlarmRules, type AlarmRules } from '../alarms/rules.ts';
import type { IndexTables } from '../core/tables.ts';
import { readSpaceTypes, spaceTypeWords } from './space-types.ts';

/** As read, with the platform's own record (kept for scoped listings). */
type Site = SiteRecord & { original: unknown };

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
type Building = BuildingRecord & { original: unknown };
interface Level {
  id: string | null;
  buildingId: string;
  position: number;
  name: string | null;
  area: number | null;
}
interface Room {
  id: string | null;
  buildingId: string;
  levelId: string | null;
  levelPosition: number;
  name: string | null;
  area: number | null;
}

export interface SyncOutcome {
  runId: number;
  method: 'bulk' | 'per-building';
  unread: string[];
  skipped: SkippedRecords;
}

/**
 * Reads the whole portfolio through `pages` and writes it as a new run beside the one served;
 * then makes it the one served in a single statement, and removes the old. A failure anywhere
 * leaves the served run as it was (the failed run's rows are removed) and says why in the run.
 */
export async function syncPortfolio(options: {
  db: Kysely<IndexTables>;
  pages: PlatformPages;
  capabilities: Capabilities['graphql'];
  instance: string;
  clock: Clock;
  /** How alarms are raised: a data-quality error new in this sync raises one. */
  alarms?: AlarmRules;
  /** Set when the server stops: the run ends as failed at its next step. */
  signal?: AbortSignal;
}): Promise<SyncOutcome> {
  const { db, pages, capabilities, clock } = options;
  const now = () => new Date(clock.now());
  // Whoever holds the sync lock is the only one syncing: a run still "running" was left by an
  // instance that stopped, and its rows are only in the way.
  const abandoned = await db
    .updateTable('index_run')
    .set({
      outcome: 'failed',
      phase: 'failed',
      finished_at: now(),
      error: 'Interrupted: the instance that was syncing stopped before it finished.',
    })
    .where('outcome', '=', 'running')
    .returning('id')
    .execute();
  for (const { id } of abandoned) await removeRun(db, id);

  const { id: runId } = await db
    .insertInto('index_run')
    .values({
      instance: options.instance,
      started_at: now(),
      phase: 'reading-sites',
      outcome: 'running',
      unread: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const progress = (values: Partial<Record<string, unknown>>) => {
    options.signal?.throwIfAborted();
    return db
      .updateTable('index_run')
      .set({ ...values, platform_requests: pages.requests() })
      .where('id', '=', runId)
      .execute();
  };

  const bulk = capabilities.levelSearch && capabilities.roomSearch && capabilities.roomLevel;
  const method = bulk ? 'bulk' : 'per-building';
  const unread: string[] = [];
  const skipped: SkippedRecords = {};
  const skip = (kind: RecordKind, counts: SkipCounts) => {
    if (Object.keys(counts).length > 0) skipped[kind] = addSkips(skipped[kind] ?? {}, counts);
  };
  try {
    await progress({ method });
    const siteList = await pages.restList(
      '/api/Sites',
      withOriginal(siteRecord),
      'the list of sites',
    );
    const sites = siteList.records;
    skip('sites', siteList.skipped);
    await progress({ phase: 'reading-buildings', sites: sites.length, skipped });
    const buildingList = await pages.restList(
      '/api/Buildings?includeCounts=true',
      withOriginal(buildingRecord),
      'the list of buildings',
    );
    const buildings = buildingList.records;
    skip('buildings', buildingList.skipped);
    await progress({
      phase: 'reading-levels',
      buildings: buildings.length,
      buildings_expected: buildings.length,
      rooms_expected: buildings.reduce((sum, building) => sum + (building.spaceCount ?? 0), 0),
      skipped,
    });
    const names: PlaceNames = {
      buildings: new Map(buildings.map((building) => [building.id, building.name])),
      levels: new Map(),
    };
    // Each wave's rows and their statements' parameters outlive the young generation (4 MB in
    // the image, decision 0008), so they piled up in the old one until a full collection: 180 MB
    // during a large sync, kept as resident memory after it. Collected every 20,000 rows instead.
    let rowsSinceCollection = 0;
    const write = async (rows: Rows) => {
      await writeRows(db, runId, rows, names, options.signal);
      for (const list of Object.values(rows) as unknown[][]) rowsSinceCollection += list.length;
      if (rowsSinceCollection >= 20_000) {
        rowsSinceCollection = 0;
        releaseTransientMemory();
      }
    };
    await write({ sites, buildings });
    let counts: { levels: number; rooms: number };
    let drillDowns: DrillDownsRead;
    if (bulk) {
      counts = await readInBulk(pages, capabilities.areas, progress, write, skip);
      drillDowns = { levelsRead: 'all' };
    } else {
      const read = await readPerBuilding(pages, buildings, unread, progress, skip);
      await progress({ phase: 'writing' });
      await write({ levels: read.levels, rooms: read.rooms });
      counts = { levels: read.levels.length, rooms: read.rooms.length };
      drillDowns = { levelsRead: read.levelsRead, listedFloors: read.listedFloors };
    }
    if (bulk && capabilities.roomIds) {
      await progress({ ...counts });
      const types = await readSpaceTypes({
        db,
        pages,
        runId,
        buildingIds: buildings.map((building) => building.id),
        concurrency: 4,
        signal: options.signal,
      });
      const sentence = spaceTypeWords[types];
      if (sentence) unread.push(sentence);
    }
    await progress({ phase: 'checking-quality', ...counts });
    await checkIndexedQuality(db, runId, drillDowns, options.signal);
    await progress({ phase: 'writing' });
    // Search's full-text indexes take bulk inserts into a pending list, which every query would
    // read through row by row (40 ms of a search at 336,000 rooms) until a vacuum: merged now.
    for (const index of searchIndexes)
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    // Fresh statistics for the planner: without them it guesses a few dozen matches for a word
    // that has tens of thousands, and plans accordingly.
    for (const table of runTables) await sql`analyze ${sql.table(table)}`.execute(db);
    await db.transaction().execute(async (transaction) => {
      const served = await transaction
        .selectFrom('index_current')
        .select('run_id')
        .executeTakeFirst();
      // With the run it is found in: an alarm never names a finding the served run lacks.
      await deriveQualityAlarms(
        transaction,
        served?.run_id,
        runId,
        now(),
        options.alarms ?? defaultAlarmRules,
      );
      await transaction
        .insertInto('index_current')
        .values({ singleton: true, run_id: runId })
        .onConflict((conflict) => conflict.column('singleton').doUpdateSet({ run_id: runId }))
        .execute();
      await transaction
        .updateTable('index_run')
        .set({
          phase: 'done',
          outcome: 'done',
          finished_at: now(),
          unread,
          skipped,
          platform_requests: pages.requests(),
        })
        .where('id', '=', runId)
        .execute();
    });
    const older = await db
      .selectFrom('index_run')
      .select('id')
      .where('id', '<>', runId)
      .where('outcome', '=', 'done')
      .execute();
    for (const { id } of older) await removeRun(db, id);
    // The removed run's rows become room for the next one. The embedded database has no
    // autovacuum to do this, and its files would grow by a portfolio at every refresh.
    if (older.length > 0)
      for (const table of runTables) await sql`vacuum ${sql.table(table)}`.execute(db);
    return { runId, method, unread, skipped };
  } catch (error) {
    await db
      .updateTable('index_run')
      .set({
        phase: 'failed',
        outcome: 'failed',
        finished_at: now(),
        error: failureWords(error),
        platform_requests: pages.requests(),
      })
      .where('id', '=', runId)
      .execute();
    await removeRun(db, runId);
    throw error;
  }
}

/**
 * Why a sync failed, in words every signed-in person may read on the status: the platform's part
 * as said, anything else (a database's own text, with its tables and constraints) as one sentence;
 * the detail goes to the log with the error (third security review, L4).
 */
function failureWords(error: unknown): string {
  if (error instanceof SyncReadError || error instanceof BudgetSpentError) return error.message;
  if ((error as Error).name === 'AbortError')
    return 'Interrupted: Storey stopped before the sync finished.';
  return "The index's database could not keep the new copy of the portfolio; the details are in Storey's log.";
}

const bulkLevelsQuery = (areas: boolean) =>
  `query StoreyIndexLevels($take: Int!, $skip: Int!) { levels(take: $take, skip: $skip) { id name buildingId${areas ? ' area' : ''} } }`;
const bulkRoomsQuery = (areas: boolean) =>
  `query StoreyIndexRooms($take: Int!, $skip: Int!) { rooms(take: $take, skip: $skip) { id name buildingId levelId${areas ? ' area' : ''} } }`;
/**
 * Where the platform has root `levels` and `rooms` with ids: a few hundred pages in all. Levels
 * are kept (rooms need their positions and names); rooms are written page by page as they come.
 * Each node is read on its own: one without a usable id is skipped and counted, an id given twice
 * is kept once (the first: its rows may be written already).
 */
async function readInBulk(
  pages: PlatformPages,
  areas: boolean,
  progress: (values: Record<string, unknown>) => Promise<unknown>,
  write: (rows: { levels?: Level[]; rooms?: Room[] }) => Promise<void>,
  skip: (kind: RecordKind, counts: SkipCounts) => void,
): Promise<{ levels: number; rooms: number }> {
  const levels: Level[] = [];
  const positions = new Map<string, number>();
  const perBuilding = new Map<string, number>();
  const levelSkips: SkipCounts = {};
  await pages.graphqlList(
    bulkLevelsQuery(areas),
    (data) => (data as { levels?: unknown[] } | null)?.levels ?? [],
    'the levels',
    async (found, count) => {
      for (const node of found) {
        const level = readRecord(node, levelNode);
        if (typeof level === 'string' || positions.has(level.id)) {
          countSkip(levelSkips, typeof level === 'string' ? level : 'duplicate-id');
          continue;
        }
        const position = perBuilding.get(level.buildingId) ?? 0;
        perBuilding.set(level.buildingId, position + 1);
        positions.set(level.id, position);
        levels.push({
          id: level.id,
          buildingId: level.buildingId,
          position,
          name: level.name,
          area: level.area,
        });
      }
      await progress({ levels: count });
    },
  );
  skip('levels', levelSkips);
  await write({ levels });
  await progress({ phase: 'reading-rooms', levels: levels.length });
  const roomSkips: SkipCounts = {};
  const seenRooms = new Set<string>();
  let rooms = 0;
  await pages.graphqlList(
    bulkRoomsQuery(areas),
    (data) => (data as { rooms?: unknown[] } | null)?.rooms ?? [],
    'the rooms',
    async (found, count) => {
      const kept: Room[] = [];
      for (const node of found) {
        const room = readRecord(node, roomNode);
        if (typeof room === 'string' || seenRooms.has(room.id)) {
          countSkip(roomSkips, typeof room === 'string' ? room : 'duplicate-id');
          continue;
        }
        seenRooms.add(room.id);
        kept.push({
          id: room.id,
          buildingId: room.buildingId,
          levelId: room.levelId,
          levelPosition: room.levelId ? (positions.get(room.levelId) ?? -1) : -1,
          name: room.name,
          area: room.area,
        });
      }
      rooms += kept.length;
      await write({ rooms: kept });
      await progress({ rooms: count });
    },
  );
  skip('rooms', roomSkips);
  return { levels: levels.length, rooms };
}

const countSkip = (counts: SkipCounts, reason: SkipReason) =>
  (counts[reason] = (counts[reason] ?? 0) + 1);

/** The interface specification's query: buildings by name, their levels and rooms by name. */
const specBuildingQuery = `query StoreyIndexBuilding($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }`;

/**
 * Where the platform shows only what the spec does: per building its floors (REST, with ids and
 * areas) and, per building name, the spec's GraphQL query (levels and rooms by name). At most two
 * requests a building; a building without a name cannot be asked for and is said so.
 */
async function readPerBuilding(
  pages: PlatformPages,
  buildings: Building[],
  unread: string[],
  progress: (values: Record<string, unknown>) => Promise<unknown>,
  skip: (kind: RecordKind, counts: SkipCounts) => void,
): Promise<{
  levels: Level[];
  rooms: Room[];
  levelsRead: Set<string>;
  listedFloors: Map<string, { count: number; area: number | null }>;
}> {
  const levels: Level[] = [];
  const rooms: Room[] = [];
  const levelsRead = new Set<string>();
  const listedFloors = new Map<string, { count: number; area: number | null }>();
  const byName = new Map<string, Building[]>();
  let nameless = 0;
  for (const building of buildings) {
    if (!building.name) nameless++;
    else byName.set(building.name, [...(byName.get(building.name) ?? []), building]);
  }
  if (nameless > 0)
    unread.push(
      `${nameless} ${nameless === 1 ? 'building has' : 'buildings have'} no name, so ${nameless === 1 ? 'its' : 'their'} rooms could not be read (this platform finds buildings only by name).`,
    );
  const floorsOf = new Map<string, FloorRecord[]>();
  let done = 0;
  let floors = 0;
  await pages.each(buildings, async (building) => {
    const found = await pages.restList(
      `/api/Buildings/${encodeURIComponent(building.id)}/Floors`,
      floorRecord,
      `the floors of ${building.name ?? building.id}`,
    );
    skip('floors', found.skipped);
    const records = found.records;
    floorsOf.set(building.id, records);
    listedFloors.set(building.id, {
      count: records.length,
      // Summed only when every floor gives one: an unknown area is not 0.
      area: records.every((floor) => floor.area !== null)
        ? records.reduce((sum, floor) => sum + floor.area!, 0)
        : null,
    });
    floors += records.length;
    if (++done % 100 === 0) await progress({ levels: floors });
  });
  await progress({ phase: 'reading-rooms' });
  let names = 0;
  let inPart = 0;
  const nodeSkips: Partial<Record<RecordKind, SkipCounts>> = {};
  const skipNode = (kind: RecordKind) => countSkip((nodeSkips[kind] ??= {}), 'not-a-record');
  await pages.each([...byName.keys()], async (name) => {
    if (++names % 100 === 0) await progress({ rooms: rooms.length });
    const { data: answer, partial } = await pages.graphqlInPart(
      specBuildingQuery,
      { name },
      z.unknown(),
      `the levels and rooms of ${name}`,
    );
    for (const outline of readBuildingOutlines(answer, skipNode)) {
      // Not a building of the listing this run read.
      if (!floorsOf.has(outline.id)) continue;
      const buildingId = outline.id;
      const buildingLevels = outline.levels;
      // Platform trouble is never a data finding: a building whose levels or rooms failed to
      // come (null beside an error, or not a list) is kept with what came, and left unchecked.
      const whole =
        buildingLevels !== null &&
        (!partial || buildingLevels.every((level) => level.rooms !== null));
      if (whole) levelsRead.add(buildingId);
      else inPart++;
      const floors = floorsOf.get(buildingId) ?? [];
      (buildingLevels ?? []).forEach((level, position) => {
        // GraphQL levels have no id here: the REST floor of the same name gives it, when only
        // one floor has that name.
        const named = floors.filter((floor) => floor.name === level.name);
        const floor = named.length === 1 ? named[0] : undefined;
        levels.push({
          id: floor?.id ?? null,
          buildingId,
          position,
          name: level.name,
          area: floor?.area ?? null,
        });
        for (const room of level.rooms ?? [])
          rooms.push({
            id: null,
            buildingId,
            levelId: floor?.id ?? null,
            levelPosition: position,
            name: room.name,
            area: null,
          });
      });
    }
  });
  for (const [kind, counts] of Object.entries(nodeSkips) as Array<[RecordKind, SkipCounts]>)
    skip(kind, counts);
  if (inPart > 0)
    unread.push(
      `${inPart} ${inPart === 1 ? "building's" : "buildings'"} levels or rooms came back only in part (the platform reported errors), so ${inPart === 1 ? 'its' : 'their'} floors and rooms are not checked until a sync reads them whole.`,
    );
  return { levels, rooms, levelsRead, listedFloors };
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

interface Rows {
  sites?: Site[];
  buildings?: Building[];
  levels?: Level[];
  rooms?: Room[];
}

/** Names of buildings and levels by id and position, for the paths of the places below them. */
interface PlaceNames {
  buildings: Map<string, string | null>;
  levels: Map<string, string | null>;
}

/**
 * Rows go in as arrays unnested by the database, one statement per 5,000 rows, together with the
 * places search reads. Called as the sync reads: the listings, then the levels, then each wave of
 * rooms.
 */
async function writeRows(
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

async function writePlaces(
  db: Kysely<IndexTables>,
  runId: number,
  buildings: Building[],
  levels: Level[],
  rooms: Room[],
  names: PlaceNames,
  signal?: AbortSignal,
) {
  const buildingNames = names.buildings;
  const levelNames = names.levels;
  const places: Place[] = [
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
  // Each wave in search's last order (queries.ts): the places of one common word ("Reception")
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
      // compared without case or accents (searchWords in queries.ts treats a query the same way).
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

const runTables = [
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
const searchIndexes = ['indexed_place_words', 'indexed_place_own_words'] as const;

async function removeRun(db: Kysely<IndexTables>, runId: number) {
  for (const table of runTables) await db.deleteFrom(table).where('run_id', '=', runId).execute();
}
