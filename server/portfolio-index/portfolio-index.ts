import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Metrics } from '../http/metrics.ts';
import type { IndexSettings } from '../config.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import { openIndexDatabase, type IndexDatabase } from './core/database.ts';
import { readIndexStatus, type IndexStatus } from './core/index-status.ts';
import { createPlatformPages } from './core/platform-pages.ts';
import { servedReads, servedRun, type IndexReader } from './core/served.ts';
import { embeddedTidy, type Tidy } from './core/tidy.ts';
import { createReadsFirst } from './core/reads-first.ts';
import type { Round, RoundContext } from './core/rounds.ts';
import { hierarchyReads, type HierarchyReads } from './hierarchy/hierarchy-reads.ts';
import { createSyncRuns } from './hierarchy/sync-runs.ts';
import { qualityReads, type QualityReads } from './quality/quality-reads.ts';
import type { ComfortRules } from '../../src/shared/rules/space-bands.ts';
import type { ComfortHours } from '../../src/shared/rules/comfort.ts';
import { conditionsReads, type ConditionsReads } from './conditions/conditions-reads.ts';
import { createConditionsRound } from './conditions/conditions-round.ts';
import type { ConditionsRound } from './conditions/refresh.ts';
import { energyReads, type EnergyReads } from './energy/energy-reads.ts';
import { createEnergyRound } from './energy/energy-round.ts';
import type { EnergyRound } from './energy/refresh.ts';
import type { HistorySettings } from '../config.ts';
import { createScopeMaterializer, prepareReaderRole } from './access/scopes.ts';
import { createAccessStore, type AccessStore } from './access/access-store.ts';
import { alarmReads, type AlarmReads } from './alarms/alarm-reads.ts';

export type { IndexStatus };
export type { IndexReader };

/**
 * Requests a conditions round makes at once before its pace holds: the whole round of a portfolio
 * of hundreds of buildings (and its first round's look-backs), and what rounds asked at once
 * before they were paced (the old default budget), so no platform sees more at once than before.
 */
const paceBurst = 1200;

export interface PortfolioIndex {
  /** Syncs at start and then every INDEX_REFRESH_MINUTES, when the index is due. */
  start(): void;
  /**
   * Settles when the first sync and round of conditions and energy that `start` began have ended
   * (at once when it was not started): what a test awaits instead of polling the status.
   */
  started(): Promise<void>;
  /**
   * Syncs now if nobody else is: 'started', or 'busy' when a sync runs here or on another
   * instance. `done` settles when this instance's sync ends.
   */
  refresh(): Promise<{ outcome: 'started' | 'busy'; done: Promise<void> }>;
  /** A sync if the index is due (none served, or the served one older than the period). */
  syncIfDue(): Promise<'synced' | 'not-due' | 'busy'>;
  status(): Promise<IndexStatus>;
  search: HierarchyReads['search'];
  totals: HierarchyReads['totals'];
  building: HierarchyReads['building'];
  quality: QualityReads;
  /** "Needs attention now": rooms out of their comfort band, from the platform's current values. */
  conditions: ConditionsReads & {
    /**
     * One round of the refresh now, within the request budget, unless one runs (here or on
     * another instance: 'busy') or the platform offers no current values ('not-offered').
     */
    refresh(): Promise<ConditionsRound | 'busy' | 'not-offered' | 'not-indexed'>;
  };
  energy: EnergyReads & {
    /**
     * One round now, within its request budget: 'busy' when one runs, 'not-offered' when the
     * platform offers no history.
     */
    refresh(): Promise<EnergyRound | 'busy' | 'not-offered' | 'not-indexed'>;
  };
  alarms: AlarmReads;
  access: AccessStore;
  /** The index's database: for the tests that hold what runs where (and the access checks). */
  readonly database: IndexDatabase;
  close(): Promise<void>;
}

/** The index's database, and where grants decide, its reader role (decision 0020). */
async function openDatabase(settings: IndexSettings, log: FastifyBaseLogger) {
  const database = await openIndexDatabase({
    url: settings.databaseUrl,
    dataDir: settings.dataDir,
  });
  if (!settings.scopes) return database;
  try {
    const { searchIndexed } = await prepareReaderRole(database, settings.readerRole);
    if (!searchIndexed)
      log.info(
        "Searches of people who see part of the portfolio read every name: the database's full-text match (ts_match_vq) is not LEAKPROOF and Storey may not mark it. A database administrator may: ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF (docs/access-scopes.md).",
      );
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** What every round of this index is given (see RoundContext). */
function roundContext(parts: {
  db: IndexDatabase['db'];
  settings: IndexSettings;
  gateway: PlatformGateway;
  capabilities: CapabilityProbe;
  clock: Clock;
  log: FastifyBaseLogger;
  wait?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  signal: AbortSignal;
  closed: () => boolean;
  tidy: Tidy | undefined;
}): RoundContext {
  const { db, settings, signal } = parts;
  const wait = parts.wait ?? ((ms, aborted) => delay(ms, undefined, { signal: aborted }));
  return {
    db,
    clock: parts.clock,
    instance: `${hostname()}:${process.pid}`,
    concurrency: settings.concurrency,
    signal,
    capabilities: parts.capabilities,
    pages: (pageSize, budget, spreadOverMs) =>
      createPlatformPages({
        gateway: parts.gateway,
        wait,
        pageSize,
        concurrency: settings.concurrency,
        signal,
        ...(budget === undefined ? {} : { budget }),
        ...(budget === undefined || spreadOverMs === undefined
          ? {}
          : { pace: { everyMs: spreadOverMs / budget, burst: paceBurst } }),
      }),
    indexed: async () => (await servedRun(db)) !== undefined,
    closed: parts.closed,
    log: parts.log,
    tidy: parts.tidy,
  };
}

/** Conditions, then energy: the meters the energy refresh reads are found by the first. */
async function roundsInTurn(
  conditions: Round<ConditionsRound>,
  energy: Round<EnergyRound>,
  log: FastifyBaseLogger,
) {
  try {
    await conditions.run();
  } catch (error) {
    log.warn(
      { err: error },
      'The rooms out of their comfort band could not be brought up to date.',
    );
  }
  try {
    await energy.run();
  } catch (error) {
    log.warn({ err: error }, "The buildings' energy could not be brought up to date.");
  }
}

export interface PortfolioIndexOptions {
  settings: IndexSettings;
  gateway: PlatformGateway;
  capabilities: CapabilityProbe;
  /** What readings are judged against (the COMFORT_* settings, per type of room). */
  comfort: ComfortRules;
  /** When they apply (COMFORT_HOURS), on each site's clock. */
  comfortHours: ComfortHours;
  /** How the platform's history is asked for (the meters' days). */
  history: HistorySettings;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where the rounds' costs are reported (/metrics); absent where nobody reads them. */
  metrics?: Pick<Metrics, 'alarmRoundSeconds'> | undefined;
  /** Waits before a retry of a platform read; tests pass one that returns at once. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The index's three rounds: the sync, the conditions' and the energy's, each with its lock. */
function createRounds(
  context: RoundContext,
  database: IndexDatabase,
  options: PortfolioIndexOptions,
  readsFirst: ReturnType<typeof createReadsFirst> | undefined,
) {
  const { settings } = options;
  return {
    syncs: createSyncRuns(context, {
      lock: database.lock,
      pageSize: settings.pageSize,
      refreshMinutes: settings.refreshMinutes,
      alarms: settings.alarms,
    }),
    conditions: createConditionsRound(context, {
      lock: database.conditionsLock,
      budget: settings.conditionsRequestBudget,
      everyMinutes: settings.conditionsRefreshMinutes,
      history: options.history,
      comfort: options.comfort,
      hours: options.comfortHours,
      alarms: settings.alarms,
      readsFirst,
      metrics: options.metrics,
    }),
    energy: createEnergyRound(context, {
      lock: database.energyLock,
      budget: settings.energyRequestBudget,
      history: options.history,
    }),
  };
}

/**
 * The rounds' timers. At start: the index first (conditions are listed by the served index's
 * buildings), then a first round of conditions at once rather than a period later.
 */
function roundTimers(
  rounds: ReturnType<typeof createRounds>,
  settings: IndexSettings,
  log: FastifyBaseLogger,
) {
  const { syncs, conditions, energy } = rounds;
  const conditionsTick = () => roundsInTurn(conditions, energy, log);
  const timers: NodeJS.Timeout[] = [];
  return {
    async start() {
      timers.push(
        setInterval(() => void syncs.tick(), settings.refreshMinutes * 60_000).unref(),
        setInterval(
          () => void conditionsTick(),
          settings.conditionsRefreshMinutes * 60_000,
        ).unref(),
      );
      await syncs.tick();
      await conditionsTick();
    },
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}

/**
 * The portfolio index: a copy of the platform's hierarchy in PostgreSQL that every screen reads,
 * kept by a sync that reads the platform only through the BFF's gateway (decision 0010). Its own
 * part of the server: the proxy does not know it exists.
 */
export async function createPortfolioIndex(
  options: PortfolioIndexOptions,
): Promise<PortfolioIndex> {
  const { settings, clock, log } = options;
  const database = await openDatabase(settings, log);
  const { db } = database;
  // One connection on the embedded database: a round's writes let people's reads go first.
  const readsFirst = database.kind === 'embedded' ? createReadsFirst() : undefined;
  const readServed = servedReads(
    database,
    settings.readTimeoutMs,
    settings.scopes
      ? { role: settings.readerRole, materialize: createScopeMaterializer(db) }
      : undefined,
    readsFirst,
  );
  let closed = false;
  const stopping = new AbortController();
  const context = roundContext({
    ...options,
    db,
    signal: stopping.signal,
    closed: () => closed,
    // PostgreSQL's autovacuum tidies after the rounds; the embedded database has none.
    tidy: readsFirst && embeddedTidy(db, readsFirst),
  });
  const rounds = createRounds(context, database, options, readsFirst);
  const { syncs, conditions, energy } = rounds;
  const timers = roundTimers(rounds, settings, log);

  let firstRounds: Promise<void> = Promise.resolve();
  return {
    database,
    started: () => firstRounds,
    start() {
      firstRounds = timers.start();
    },
    refresh: syncs.refresh,
    syncIfDue: syncs.syncIfDue,
    status: () => readIndexStatus(db, database.kind, settings.refreshMinutes),
    ...hierarchyReads(readServed),
    quality: qualityReads(readServed),
    conditions: {
      refresh: () => conditions.run(),
      ...conditionsReads(readServed, clock, options.comfort),
    },
    energy: { refresh: () => energy.run(), ...energyReads(readServed, clock) },
    alarms: alarmReads(readServed, db, clock),
    access: createAccessStore({ db, readServed, clock }),
    async close() {
      closed = true;
      timers.stop();
      stopping.abort(new Error('Storey is stopping: the sync was not finished.'));
      await syncs.settled();
      await conditions.settled();
      await energy.settled();
      await database.close();
    },
  };
}
