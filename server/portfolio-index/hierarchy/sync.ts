import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import {
  addSkips,
  buildingRecord,
  siteRecord,
  withOriginal,
  type RecordKind,
  type SkippedRecords,
  type SkipCounts,
} from '../../../src/shared/platform/records.ts';
import { releaseTransientMemory } from '../core/database.ts';
import type { Capabilities } from '../../platform/capabilities.ts';
import { BudgetSpentError, SyncReadError, type PlatformPages } from '../core/platform-pages.ts';
import { checkIndexedQuality, type DrillDownsRead } from '../quality/check.ts';
import { deriveQualityAlarms } from '../alarms/index-alarms.ts';
import { defaultAlarmRules, type AlarmRules } from '../alarms/rules.ts';
import type { IndexTables } from '../core/tables.ts';
import { readSpaceTypes, spaceTypeWords } from './space-types.ts';
import { readInBulk, readPerBuilding } from './platform-reads.ts';
import {
  removeRun,
  runTables,
  searchIndexes,
  writeRows,
  type Building,
  type PlaceNames,
  type Rows,
} from './run-rows.ts';

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
export async function syncPortfolio(options: SyncOptions): Promise<SyncOutcome> {
  const { db, pages, capabilities, clock } = options;
  const now = () => new Date(clock.now());
  await removeAbandonedRuns(db, now());
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
  const progress: Progress = (values) => {
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
    const { sites, buildings } = await readRecords(pages, progress, skip, () => skipped);
    const names: PlaceNames = {
      buildings: new Map(buildings.map((building) => [building.id, building.name])),
      levels: new Map(),
    };
    const write = rowWriter(db, runId, names, options.signal);
    await write({ sites, buildings });
    const { counts, drillDowns } = await readPlaces(options, {
      runId,
      bulk,
      buildings,
      unread,
      progress,
      skip,
      write,
    });
    await progress({ phase: 'checking-quality', ...counts });
    await checkIndexedQuality(db, runId, drillDowns, options.signal);
    await progress({ phase: 'writing' });
    await serveRun(db, runId, {
      clock,
      alarms: options.alarms ?? defaultAlarmRules,
      unread,
      skipped,
      platformRequests: pages.requests(),
    });
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

export interface SyncOptions {
  db: Kysely<IndexTables>;
  pages: PlatformPages;
  capabilities: Capabilities['graphql'];
  instance: string;
  clock: Clock;
  /** How alarms are raised: a data-quality error new in this sync raises one. */
  alarms?: AlarmRules;
  /** Set when the server stops: the run ends as failed at its next step. */
  signal?: AbortSignal;
}

/** Writes the run's progress (and the requests so far); throws once the server stops. */
type Progress = (values: Partial<Record<string, unknown>>) => Promise<unknown>;
type Skip = (kind: RecordKind, counts: SkipCounts) => void;

/** The portfolio's sites and buildings, each list whole, what could not be read counted. */
async function readRecords(
  pages: PlatformPages,
  progress: Progress,
  skip: Skip,
  skipped: () => SkippedRecords,
) {
  const siteList = await pages.restList(
    '/api/Sites',
    withOriginal(siteRecord),
    'the list of sites',
  );
  const sites = siteList.records;
  skip('sites', siteList.skipped);
  await progress({ phase: 'reading-buildings', sites: sites.length, skipped: skipped() });
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
    skipped: skipped(),
  });
  return { sites, buildings };
}

/**
 * Writes rows into the run. Each wave's rows and their statements' parameters outlive the young
 * generation (4 MB in the image, decision 0008), so they piled up in the old one until a full
 * collection: 180 MB during a large sync, kept as resident memory after it. Collected every
 * 20,000 rows instead.
 */
function rowWriter(
  db: Kysely<IndexTables>,
  runId: number,
  names: PlaceNames,
  signal: AbortSignal | undefined,
) {
  let rowsSinceCollection = 0;
  return async (rows: Rows) => {
    await writeRows(db, runId, rows, names, signal);
    for (const list of Object.values(rows) as unknown[][]) rowsSinceCollection += list.length;
    if (rowsSinceCollection >= 20_000) {
      rowsSinceCollection = 0;
      releaseTransientMemory();
    }
  };
}

/**
 * The levels and rooms: in bulk through GraphQL's root lists where the platform offers them (then
 * the rooms' types), or building by building; with what the quality check may judge of them.
 */
async function readPlaces(
  options: SyncOptions,
  run: {
    runId: number;
    bulk: boolean;
    buildings: Building[];
    unread: string[];
    progress: Progress;
    skip: Skip;
    write: (rows: Rows) => Promise<void>;
  },
): Promise<{ counts: { levels: number; rooms: number }; drillDowns: DrillDownsRead }> {
  const { db, pages, capabilities } = options;
  const { runId, buildings, unread, progress, skip, write } = run;
  if (!run.bulk) {
    const read = await readPerBuilding(pages, buildings, unread, progress, skip);
    await progress({ phase: 'writing' });
    await write({ levels: read.levels, rooms: read.rooms });
    return {
      counts: { levels: read.levels.length, rooms: read.rooms.length },
      drillDowns: { levelsRead: read.levelsRead, listedFloors: read.listedFloors },
    };
  }
  const counts = await readInBulk(pages, capabilities.areas, progress, write, skip);
  if (capabilities.roomIds) {
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
  return { counts, drillDowns: { levelsRead: 'all' } };
}

/**
 * Makes the written run the one served, in one statement beside the alarms its findings raise,
 * after search's indexes are merged and the planner's statistics are fresh; then removes the
 * older runs and gives their room back.
 */
async function serveRun(
  db: Kysely<IndexTables>,
  runId: number,
  finish: {
    clock: Clock;
    alarms: AlarmRules;
    unread: string[];
    skipped: SkippedRecords;
    platformRequests: number;
  },
): Promise<void> {
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
      new Date(finish.clock.now()),
      finish.alarms,
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
        finished_at: new Date(finish.clock.now()),
        unread: finish.unread,
        skipped: finish.skipped,
        platform_requests: finish.platformRequests,
      })
      .where('id', '=', runId)
      .execute();
  });
  const older = await db
    .selectFrom('index_run')
    .select('id')
    .where('id', '<>', runId)
    .where('outcome', '=', 'done')
    .where('rows_removed', '=', false)
    .execute();
  for (const { id } of older) await removeRun(db, id);
  // The removed run's rows become room for the next one. The embedded database has no
  // autovacuum to do this, and its files would grow by a portfolio at every refresh.
  if (older.length > 0)
    for (const table of runTables) await sql`vacuum ${sql.table(table)}`.execute(db);
}

/**
 * Whoever holds the sync lock is the only one syncing: a run still "running" was left by an
 * instance that stopped, and its rows are only in the way.
 */
async function removeAbandonedRuns(db: Kysely<IndexTables>, at: Date): Promise<void> {
  const abandoned = await db
    .updateTable('index_run')
    .set({
      outcome: 'failed',
      phase: 'failed',
      finished_at: at,
      error: 'Interrupted: the instance that was syncing stopped before it finished.',
    })
    .where('outcome', '=', 'running')
    .returning('id')
    .execute();
  for (const { id } of abandoned) await removeRun(db, id);
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
