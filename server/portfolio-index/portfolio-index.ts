import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Metrics } from '../http/metrics.ts';
import type { IndexSettings } from '../config.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import { openIndexDatabase, releaseTransientMemory, type IndexDatabase } from './core/database.ts';
import { createPlatformPages, SyncReadError } from './core/platform-pages.ts';
import {
  buildingWithSite,
  portfolioTotals,
  searchPlaces,
  type TotalsGroup,
} from './hierarchy/queries.ts';
import { servedReads, servedRun, type IndexReader } from './core/served.ts';
import { createReadsFirst } from './core/reads-first.ts';
import { createRound } from './core/rounds.ts';
import {
  buildingQuality,
  qualityFindings,
  qualityScores,
  qualitySummary,
  type FindingGroup,
  type FindingsFilter,
  type QualityScope,
} from './quality/queries.ts';
import { syncPortfolio } from './hierarchy/sync.ts';
import type { ComfortRules } from '../../src/shared/rules/space-bands.ts';
import type { ComfortHours } from '../../src/shared/rules/comfort.ts';
import {
  attentionList,
  type AttentionFilter,
  type attentionSorts,
} from './conditions/attention.ts';
import { buildingRoomBands } from './conditions/room-bands.ts';
import { buildingFloorsNow } from './conditions/floors-now.ts';
import { refreshConditions, type ConditionsRound } from './conditions/refresh.ts';
import { refreshEnergy, type EnergyRound } from './energy/refresh.ts';
import {
  buildingEnergy,
  energyIntensities,
  energyList,
  type EnergyPeriod,
  type energyLists,
  type energySorts,
} from './energy/ranking.ts';
import type { HistorySettings } from '../config.ts';
import { sql } from 'kysely';
import { createScopeMaterializer, prepareReaderRole } from './access/scopes.ts';
import { alarmWithEvents, alarmWorklist, type AlarmFilter } from './alarms/queries.ts';
import { alarmActions, type AlarmActions } from './alarms/actions.ts';
import { alarmSilences, type AlarmSilences } from './alarms/silences.ts';
import { alarmNoise } from './alarms/noise.ts';
import type { Grant } from '../access/scopes-file.ts';
import { grantWords } from '../access/grant-words.ts';
import {
  buildingListing,
  buildingPlace,
  buildingPlaces,
  sitePlace,
  buildingsNamed,
  holdsPlace,
  namesOf,
  scopeCounts,
  siteListing,
  type PlaceKind,
} from './access/queries.ts';

export interface IndexStatus {
  /** empty: nothing indexed yet; syncing: a sync runs (somewhere); ready; failed: the last failed. */
  state: 'empty' | 'syncing' | 'ready' | 'failed';
  database: IndexDatabase['kind'];
  refreshMinutes: number;
  /** What every screen reads: the last complete sync. */
  served: {
    finishedAt: string;
    sites: number;
    buildings: number;
    levels: number;
    rooms: number;
    method: string | null;
    /** What could not be read, in plain words. */
    unread: string[];
  } | null;
  /** The latest sync, finished or not. */
  latest: {
    /** Which instance runs or ran it (host:pid). */
    instance: string;
    phase: string;
    outcome: 'running' | 'done' | 'failed';
    startedAt: string;
    finishedAt: string | null;
    sites: number;
    buildings: number;
    buildingsExpected: number;
    levels: number;
    rooms: number;
    roomsExpected: number;
    platformRequests: number;
    error: string | null;
  } | null;
}

/** A read's answer with the time of the sync it comes from; undefined before the first sync. */
type Served<Read extends (...args: never[]) => Promise<object>> =
  (Awaited<ReturnType<Read>> & { asOf: string }) | undefined;

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
  search(
    reader: IndexReader,
    query: string,
    page: { offset: number; limit: number },
  ): Promise<(Awaited<ReturnType<typeof searchPlaces>> & { asOf: string }) | undefined>;
  totals(reader: IndexReader, by: TotalsGroup): Promise<Served<typeof portfolioTotals>>;
  /** One building's record and its site, as the served sync read them (null inside: unknown). */
  building(
    reader: IndexReader,
    buildingId: string,
  ): Promise<Served<() => Promise<{ building: Awaited<ReturnType<typeof buildingWithSite>> }>>>;
  /** The data-quality rules' answers, as the sync worked them out (quality.ts). */
  quality: {
    summary(reader: IndexReader, scope: QualityScope): Promise<Served<typeof qualitySummary>>;
    findings(
      reader: IndexReader,
      filter: FindingsFilter,
      page: { offset: number; limit: number; group: FindingGroup },
    ): Promise<Served<typeof qualityFindings>>;
    /** `building` null: the served index has no building of that id. */
    building(
      reader: IndexReader,
      buildingId: string,
    ): Promise<
      | {
          asOf: string;
          building: NonNullable<Awaited<ReturnType<typeof buildingQuality>>> | null;
        }
      | undefined
    >;
    scores(reader: IndexReader): Promise<Served<typeof qualityScores>>;
  };
  /** "Needs attention now": rooms out of their comfort band, from the platform's current values. */
  conditions: {
    /**
     * One round of the refresh now, within the request budget, unless one runs (here or on
     * another instance: 'busy') or the platform offers no current values ('not-offered').
     */
    refresh(): Promise<ConditionsRound | 'busy' | 'not-offered' | 'not-indexed'>;
    attention(
      reader: IndexReader,
      filter: AttentionFilter,
      sort: (typeof attentionSorts)[number],
      page: { offset: number; limit: number },
    ): Promise<Served<typeof attentionList>>;
    /** A building's floors as its last check left them (null inside: not checked lately). */
    floorsNow(
      reader: IndexReader,
      buildingId: string,
    ): Promise<Served<() => Promise<{ now: Awaited<ReturnType<typeof buildingFloorsNow>> }>>>;
    /** The bands a building's rooms are judged by, where not the office bands (null: unknown). */
    roomBands(
      reader: IndexReader,
      buildingId: string,
    ): Promise<Served<() => Promise<{ building: Awaited<ReturnType<typeof buildingRoomBands>> }>>>;
  };
  /** Energy: each building's meters read day by day, and kWh per m² with its coverage. */
  energy: {
    /**
     * One round now, within its request budget: 'busy' when one runs, 'not-offered' when the
     * platform offers no history.
     */
    refresh(): Promise<EnergyRound | 'busy' | 'not-offered' | 'not-indexed'>;
    list(
      reader: IndexReader,
      query: {
        period: EnergyPeriod;
        list: (typeof energyLists)[number];
        sort: (typeof energySorts)[number];
        offset: number;
        limit: number;
      },
    ): Promise<Served<typeof energyList>>;
    /** Every ranked building's kWh per m²: the compare screen's distribution. */
    intensities(
      reader: IndexReader,
      period: EnergyPeriod,
    ): Promise<Served<typeof energyIntensities>>;
    /** One building's figures as the ranking has them, and its kept days. */
    building(reader: IndexReader, buildingId: string): Promise<Served<typeof buildingEnergy>>;
  };
  /** Alarms (decision 0021): raised and cleared by the conditions refresh, handled by people. */
  alarms: {
    list(
      reader: IndexReader,
      filter: AlarmFilter,
      page: { offset: number; limit: number },
    ): Promise<Served<typeof alarmWorklist>>;
    /** `alarm` null: none of that id the reader may see. */
    get(
      reader: IndexReader,
      id: number,
    ): Promise<
      | { asOf: string; alarm: NonNullable<Awaited<ReturnType<typeof alarmWithEvents>>> | null }
      | undefined
    >;
    actions: AlarmActions;
    silences: AlarmSilences;
    /** The administrators' noise figures, under the reader's scope. */
    noise(reader: IndexReader): Promise<Served<typeof alarmNoise>>;
  };
  /**
   * What access scopes read of the index (decision 0020). Every read takes the reader, whose
   * scope the database applies; undefined before the first sync.
   */
  access: {
    holds(
      reader: IndexReader,
      kind: PlaceKind,
      id: string,
    ): Promise<Served<() => Promise<{ held: boolean }>>>;
    buildingsNamed(
      reader: IndexReader,
      name: string,
    ): Promise<Served<() => Promise<{ ids: string[] }>>>;
    sites(
      reader: IndexReader,
      page: { skip: number; take: number },
    ): Promise<Served<typeof siteListing>>;
    buildings(
      reader: IndexReader,
      page: { skip: number; take: number; siteId?: string | undefined },
    ): Promise<Served<typeof buildingListing>>;
    counts(reader: IndexReader): Promise<Served<typeof scopeCounts>>;
    names(
      reader: IndexReader,
      ids: {
        organizations: readonly string[];
        sites: readonly string[];
        buildings: readonly string[];
      },
    ): Promise<Served<typeof namesOf>>;
    /** One building's place, whoever may see it (the admins' "who can see this building"). */
    building(id: string): Promise<Awaited<ReturnType<typeof buildingPlace>>>;
    /** Many buildings' places at once (the notifier's recipients of a pass); unknown left out. */
    buildingsAt(ids: readonly string[]): Promise<Awaited<ReturnType<typeof buildingPlaces>>>;
    /** One site's place, whoever may see it (a silence over a whole site). */
    site(id: string): Promise<Awaited<ReturnType<typeof sitePlace>>>;
    /** Who signed in, with which groups: kept for the access pages. */
    recordPerson(person: {
      sub: string;
      name: string;
      email: string | undefined;
      groups: readonly string[];
    }): Promise<void>;
    people(): Promise<
      Array<{ sub: string; name: string | null; groups: string[]; lastSeenAt: string }>
    >;
    audit(entry: { actor: string; action: string; subject: string }): Promise<void>;
    /** The grants edited on the Access page, oldest first. */
    grants(): Promise<Array<Grant & { grantId: number }>>;
    /** Adds a grant and audits it; false when the group already has a role on that place. */
    addGrant(grant: Grant, actor: string): Promise<{ grantId: number } | 'exists'>;
    /** Removes a grant and audits it; false when there was none of that id. */
    removeGrant(grantId: number, actor: string): Promise<boolean>;
    auditList(
      limit: number,
    ): Promise<Array<{ at: string; actor: string; action: string; subject: string }>>;
  };
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
  const countedScopes = new Map<string, Awaited<ReturnType<typeof scopeCounts>>>();
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
    async status() {
      const served = await servedRun(db);
      const servedRow = served
        ? await db
            .selectFrom('index_run')
            .selectAll()
            .where('id', '=', served.runId)
            .executeTakeFirst()
        : undefined;
      const latest = await db
        .selectFrom('index_run')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
      return {
        state:
          latest?.outcome === 'running'
            ? 'syncing'
            : latest?.outcome === 'failed'
              ? 'failed'
              : servedRow
                ? 'ready'
                : 'empty',
        database: database.kind,
        refreshMinutes: settings.refreshMinutes,
        served: servedRow
          ? {
              finishedAt: iso(servedRow.finished_at)!,
              sites: servedRow.sites,
              buildings: servedRow.buildings,
              levels: servedRow.levels,
              rooms: servedRow.rooms,
              method: servedRow.method,
              unread: servedRow.unread,
              skipped: servedRow.skipped,
            }
          : null,
        latest: latest
          ? {
              instance: latest.instance,
              phase: latest.phase,
              outcome: latest.outcome,
              startedAt: iso(latest.started_at)!,
              finishedAt: iso(latest.finished_at),
              sites: latest.sites,
              buildings: latest.buildings,
              buildingsExpected: latest.buildings_expected,
              levels: latest.levels,
              rooms: latest.rooms,
              roomsExpected: latest.rooms_expected,
              platformRequests: latest.platform_requests,
              error: latest.error,
            }
          : null,
      };
    },
    search: (reader, query, page) =>
      readServed(reader, (trx, runId) => searchPlaces(trx, runId, query, page)),
    totals: (reader, by) => readServed(reader, (trx, runId) => portfolioTotals(trx, runId, by)),
    building: (reader, buildingId) =>
      readServed(reader, async (trx, runId) => ({
        building: await buildingWithSite(trx, runId, buildingId),
      })),
    quality: {
      summary: (reader, scope) =>
        readServed(reader, (trx, runId) => qualitySummary(trx, runId, scope)),
      findings: (reader, filter, page) =>
        readServed(reader, (trx, runId) => qualityFindings(trx, runId, filter, page)),
      building: (reader, buildingId) =>
        readServed(reader, async (trx, runId) => ({
          building: (await buildingQuality(trx, runId, buildingId)) ?? null,
        })),
      scores: (reader) => readServed(reader, (trx, runId) => qualityScores(trx, runId)),
    },
    conditions: {
      refresh: refreshConditionsNow,
      attention: (reader, filter, sort, page) =>
        readServed(reader, (trx, runId) =>
          attentionList(trx, runId, filter, sort, page, clock.now()),
        ),
      floorsNow: (reader, buildingId) =>
        readServed(reader, async (trx, runId) => ({
          now: await buildingFloorsNow(trx, runId, buildingId, clock.now()),
        })),
      roomBands: (reader, buildingId) =>
        readServed(reader, async (trx, runId) => ({
          building: await buildingRoomBands(trx, runId, buildingId, options.comfort),
        })),
    },
    energy: {
      refresh: refreshEnergyNow,
      list: (reader, query) =>
        readServed(reader, (trx, runId) => energyList(trx, runId, query, clock.now())),
      intensities: (reader, period) =>
        readServed(reader, (trx, runId) => energyIntensities(trx, runId, period)),
      building: (reader, buildingId) =>
        readServed(reader, (trx, runId) => buildingEnergy(trx, runId, buildingId)),
    },
    alarms: {
      list: (reader, filter, page) =>
        readServed(reader, (trx, runId) =>
          alarmWorklist(trx, runId, filter, page, new Date(clock.now())),
        ),
      get: (reader, id) =>
        readServed(reader, async (trx, runId) => ({
          alarm: (await alarmWithEvents(trx, runId, id, new Date(clock.now()))) ?? null,
        })),
      actions: alarmActions(db, () => new Date(clock.now())),
      silences: alarmSilences(db, () => new Date(clock.now())),
      noise: (reader) =>
        readServed(reader, (trx, runId) => alarmNoise(trx, runId, new Date(clock.now()))),
    },
    access: {
      holds: (reader, kind, id) =>
        readServed(reader, async (trx, runId) => ({
          held: await holdsPlace(trx, runId, kind, id),
        })),
      buildingsNamed: (reader, name) =>
        readServed(reader, async (trx, runId) => ({ ids: await buildingsNamed(trx, runId, name) })),
      sites: (reader, page) => readServed(reader, (trx, runId) => siteListing(trx, runId, page)),
      buildings: (reader, page) =>
        readServed(reader, (trx, runId) => buildingListing(trx, runId, page)),
      // A scope's counts are those of its run: counted once (every row under the policy), then
      // kept, since the status every screen asks for a minute would count them again each time.
      counts: (reader) =>
        readServed(reader, async (trx, runId) => {
          const key = `${reader.access?.key ?? 'all'}/${runId}`;
          const kept = countedScopes.get(key);
          if (kept) return kept;
          const counted = await scopeCounts(trx, runId);
          if (countedScopes.size >= 10_000) countedScopes.clear();
          countedScopes.set(key, counted);
          return counted;
        }),
      names: (reader, ids) => readServed(reader, (trx, runId) => namesOf(trx, runId, ids)),
      async building(id) {
        const served = await servedRun(db);
        return served ? buildingPlace(db, served.runId, id) : undefined;
      },
      async buildingsAt(ids) {
        const served = await servedRun(db);
        return served ? buildingPlaces(db, served.runId, ids) : [];
      },
      async site(id) {
        const served = await servedRun(db);
        return served ? sitePlace(db, served.runId, id) : undefined;
      },
      async recordPerson(person) {
        const row = {
          sub: person.sub,
          name: person.name,
          email: person.email ?? null,
          groups: JSON.stringify(person.groups),
          last_seen_at: new Date(clock.now()),
        };
        await db
          .insertInto('person')
          .values(row)
          .onConflict((conflict) => conflict.column('sub').doUpdateSet(row))
          .execute();
      },
      async people() {
        const rows = await db
          .selectFrom('person')
          .selectAll()
          .orderBy('last_seen_at', 'desc')
          .limit(1000)
          .execute();
        return rows.map((row) => ({
          sub: row.sub,
          name: row.name,
          groups: row.groups,
          lastSeenAt: new Date(row.last_seen_at).toISOString(),
        }));
      },
      async audit(entry) {
        await db
          .insertInto('access_audit')
          .values({ ...entry, at: new Date(clock.now()) })
          .execute();
      },
      async grants() {
        const rows = await db.selectFrom('scope_grant').selectAll().orderBy('id').execute();
        return rows.map((row) => ({
          grantId: row.id,
          group: row.grp,
          kind: row.node_kind,
          id: row.node_id,
          role: row.role,
        }));
      },
      async addGrant(grant, actor) {
        return db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('scope_grant')
            .values({
              grp: grant.group,
              node_kind: grant.kind,
              node_id: grant.id,
              role: grant.role,
              created_by: actor,
              created_at: new Date(clock.now()),
            })
            .onConflict((conflict) =>
              conflict.expression(sql`grp, node_kind, coalesce(node_id, '')`).doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
          if (!inserted) return 'exists' as const;
          await trx
            .insertInto('access_audit')
            .values({
              at: new Date(clock.now()),
              actor,
              action: 'granted',
              subject: grantWords(grant),
            })
            .execute();
          return { grantId: inserted.id };
        });
      },
      async removeGrant(grantId, actor) {
        return db.transaction().execute(async (trx) => {
          const removed = await trx
            .deleteFrom('scope_grant')
            .where('id', '=', grantId)
            .returningAll()
            .executeTakeFirst();
          if (!removed) return false;
          await trx
            .insertInto('access_audit')
            .values({
              at: new Date(clock.now()),
              actor,
              action: 'revoked',
              subject: grantWords({
                group: removed.grp,
                kind: removed.node_kind,
                id: removed.node_id,
                role: removed.role,
              }),
            })
            .execute();
          return true;
        });
      },
      async auditList(limit) {
        const rows = await db
          .selectFrom('access_audit')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => ({
          at: new Date(row.at).toISOString(),
          actor: row.actor,
          action: row.action,
          subject: row.subject,
        }));
      },
    },
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
