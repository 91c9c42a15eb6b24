import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Metrics } from '../http/metrics.ts';
import type { IndexSettings } from '../config.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import { openIndexDatabase, releaseTransientMemory, type IndexDatabase } from './core/database.ts';
import { readIndexStatus, type IndexStatus } from './core/index-status.ts';
import { createPlatformPages, SyncReadError } from './core/platform-pages.ts';
import { servedReads, servedRun, type IndexReader } from './core/served.ts';
import { createReadsFirst } from './core/reads-first.ts';
import { createRound } from './core/rounds.ts';
import { hierarchyReads, type HierarchyReads } from './hierarchy/hierarchy-reads.ts';
import { syncPortfolio } from './hierarchy/sync.ts';
import { qualityReads, type QualityReads } from './quality/quality-reads.ts';
import type { ComfortRules } from '../../src/shared/rules/space-bands.ts';
import type { ComfortHours } from '../../src/shared/rules/comfort.ts';
import { conditionsReads, type ConditionsReads } from './conditions/conditions-reads.ts';
import { refreshConditions, type ConditionsRound } from './conditions/refresh.ts';
import { energyReads, type EnergyReads } from './energy/energy-reads.ts';
import { refreshEnergy, type EnergyRound } from './energy/refresh.ts';
import type { HistorySettings } from '../config.ts';
import { createScopeMaterializer, prepareReaderRole } from './access/scopes.ts';
import { createAccessStore, type AccessStore } from './access/access-store.ts';
import { alarmReads, type AlarmReads } from './alarms/alarm-reads.ts';

export type { IndexStatus };
export type { IndexReader };

/**
 * History look-backs one conditions round may make for readings first seen out of band (within
 * what its request budget leaves after one request per building): the default portfolio's first
 * round looks up every one; a larger portfolio catches up by ordinary checks.
 */
export const maxLookBacksPerRound = 1000;

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

/**
 * The portfolio index: a copy of the platform's hierarchy in PostgreSQL that every screen reads,
 * kept by a sync that reads the platform only through the BFF's gateway (decision 0010). Its own
 * part of the server: the proxy does not know it exists.
 */
export async function createPortfolioIndex(options: {
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
}): Promise<PortfolioIndex> {
  const { settings, gateway, clock, log } = options;
  const database = await openIndexDatabase({
    url: settings.databaseUrl,
    dataDir: settings.dataDir,
  });
  const { db } = database;
  // Only where grants decide: the reader role and the scopes' rows (decision 0020).
  if (settings.scopes) {
    try {
      const { searchIndexed } = await prepareReaderRole(database, settings.readerRole);
      if (!searchIndexed)
        log.info(
          "Searches of people who see part of the portfolio read every name: the database's full-text match (ts_match_vq) is not LEAKPROOF and Storey may not mark it. A database administrator may: ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF (docs/access-scopes.md).",
        );
    } catch (error) {
      await database.close();
      throw error;
    }
  }
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
  /** Each scope's counts in a run (by scope key and run id): see `access.counts`. */
  const instance = `${hostname()}:${process.pid}`;
  const refreshMs = settings.refreshMinutes * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let conditionsTimer: NodeJS.Timeout | undefined;
  let mine: Promise<unknown> | undefined;
  let closed = false;
  const stopping = new AbortController();

  const sync = async () => {
    const capabilities = await options.capabilities.current();
    const pages = createPlatformPages({
      gateway,
      wait: options.wait ?? ((ms, signal) => delay(ms, undefined, { signal })),
      pageSize: settings.pageSize,
      concurrency: settings.concurrency,
      signal: stopping.signal,
    });
    if (!capabilities.probed)
      throw new SyncReadError(
        `The platform could not be asked what it offers (${capabilities.reason ?? 'no answer'}).`,
      );
    const outcome = await syncPortfolio({
      db,
      pages,
      capabilities: capabilities.graphql,
      instance,
      clock,
      alarms: settings.alarms,
      signal: stopping.signal,
    });
    releaseTransientMemory();
    log.info(
      { runId: outcome.runId, method: outcome.method, platformRequests: pages.requests() },
      'The portfolio index is up to date.',
    );
  };

  /**
   * Runs `sync` under the lock. Settles as soon as it is known whether it runs: with `running`
   * (its end; wrapped, so awaiting this does not wait for the sync) or undefined when busy.
   */
  const tryStart = (onlyIfDue: boolean) =>
    new Promise<{ running: Promise<void> } | undefined>((resolve, reject) => {
      if (mine || closed) return resolve(undefined);
      let settled = false;
      const done = database.lock.tryRun(async () => {
        if (onlyIfDue && !(await isDue())) {
          settled = true;
          resolve({ running: Promise.resolve() });
          return;
        }
        const running = sync();
        settled = true;
        resolve({ running });
        await running;
      });
      // Settles once this instance may sync again (the lock released, `mine` cleared).
      mine = done
        .then(
          (ran) => {
            if (!ran && !settled) resolve(undefined);
          },
          (error: unknown) => {
            if (!settled) reject(error);
          },
        )
        .finally(() => {
          mine = undefined;
        });
    });

  const isDue = async () => {
    const served = await servedRun(db);
    return !served || clock.now() - Date.parse(served.finishedAt) >= refreshMs;
  };

  const pagesFor = (pageSize: number, budget: number, spreadOverMs?: number) =>
    createPlatformPages({
      gateway,
      wait: options.wait ?? ((ms, signal) => delay(ms, undefined, { signal })),
      pageSize,
      concurrency: settings.concurrency,
      signal: stopping.signal,
      budget,
      ...(spreadOverMs === undefined
        ? {}
        : { pace: { everyMs: spreadOverMs / budget, burst: paceBurst } }),
    });
  const indexed = async () => (await servedRun(db)) !== undefined;
  const conditions = createRound<ConditionsRound>({
    name: 'Conditions',
    lock: database.conditionsLock,
    offered: async () => {
      const capabilities = await options.capabilities.current();
      return capabilities.probed && capabilities.currentValues.available;
    },
    indexed,
    closed: () => closed,
    warn: (details, message) => log.warn(details, message),
    work: async () => {
      const round = await refreshConditions({
        db,
        // Readings first seen out of band are looked up in history, where the platform has it.
        history: (await options.capabilities.current()).history.available
          ? {
              settings: options.history,
              maxLookBacks: maxLookBacksPerRound,
              budget: settings.conditionsRequestBudget,
            }
          : undefined,
        // The platform's largest page of a list (field notes: take at most 5,000). The budget is
        // spread over the period between rounds (decision 0013): at 10,000 buildings a round
        // reads every one of them at a steady pace, not the whole budget in the first minute.
        pages: pagesFor(
          5000,
          settings.conditionsRequestBudget,
          settings.conditionsRefreshMinutes * 60_000,
        ),
        comfort: options.comfort,
        hours: options.comfortHours,
        alarms: settings.alarms,
        readsFirst,
        clock,
        instance,
        concurrency: settings.concurrency,
        signal: stopping.signal,
      });
      options.metrics?.alarmRoundSeconds.observe(round.alarmsMs / 1000);
      return round;
    },
  });
  const energy = createRound<EnergyRound>({
    name: 'Energy',
    lock: database.energyLock,
    offered: async () => {
      const capabilities = await options.capabilities.current();
      return capabilities.probed && capabilities.history.available;
    },
    indexed,
    closed: () => closed,
    warn: (details, message) => log.warn(details, message),
    work: () =>
      refreshEnergy({
        db,
        pages: pagesFor(options.history.pageSize, settings.energyRequestBudget),
        history: options.history,
        clock,
        instance,
        concurrency: settings.concurrency,
        signal: stopping.signal,
      }),
  });
  const refreshConditionsNow = () => conditions.run();
  const refreshEnergyNow = () => energy.run();

  /** Conditions, then energy: the meters the energy refresh reads are found by the first. */
  const conditionsTick = async () => {
    try {
      await refreshConditionsNow();
    } catch (error) {
      log.warn(
        { err: error },
        'The rooms out of their comfort band could not be brought up to date.',
      );
    }
    try {
      await refreshEnergyNow();
    } catch (error) {
      log.warn({ err: error }, "The buildings' energy could not be brought up to date.");
    }
  };

  const tick = async () => {
    try {
      await (
        await tryStart(true)
      )?.running;
    } catch (error) {
      log.warn({ err: error }, 'The portfolio index could not be brought up to date.');
    }
  };

  /**
   * At start: the index first (conditions are listed by the served index's buildings), then a
   * first round of conditions at once rather than a period later.
   */
  const firstTicks = async () => {
    await tick();
    await conditionsTick();
  };

  let firstRounds: Promise<void> = Promise.resolve();
  return {
    database,
    started: () => firstRounds,
    start() {
      firstRounds = firstTicks();
      timer = setInterval(() => void tick(), refreshMs);
      timer.unref();
      conditionsTimer = setInterval(
        () => void conditionsTick(),
        settings.conditionsRefreshMinutes * 60_000,
      );
      conditionsTimer.unref();
    },
    async refresh() {
      const started = await tryStart(false);
      if (!started) return { outcome: 'busy', done: Promise.resolve() };
      const released = mine;
      // Done once the sync ended and the next refresh can start (not 'busy' because of this one).
      const done = started.running
        .catch((error: unknown) => {
          log.warn({ err: error }, 'The portfolio index could not be brought up to date.');
        })
        .then(async () => {
          await released?.catch(() => {});
        });
      return { outcome: 'started', done };
    },
    async syncIfDue() {
      const due = await isDue();
      if (!due) return 'not-due';
      const started = await tryStart(true);
      if (!started) return 'busy';
      await started.running;
      return 'synced';
    },
    status: () => readIndexStatus(db, database.kind, settings.refreshMinutes),
    ...hierarchyReads(readServed),
    quality: qualityReads(readServed),
    conditions: {
      refresh: refreshConditionsNow,
      ...conditionsReads(readServed, clock, options.comfort),
    },
    energy: { refresh: refreshEnergyNow, ...energyReads(readServed, clock) },
    alarms: alarmReads(readServed, db, clock),
    access: createAccessStore({ db, readServed, clock }),
    async close() {
      closed = true;
      clearInterval(timer);
      clearInterval(conditionsTimer);
      stopping.abort(new Error('Storey is stopping: the sync was not finished.'));
      await mine?.catch(() => {});
      await conditions.settled();
      await energy.settled();
      await database.close();
    },
  };
}
