import type { AlarmRules } from '../alarms/rules.ts';
import { releaseTransientMemory, type SyncLock } from '../core/database.ts';
import { SyncReadError } from '../core/platform-pages.ts';
import type { RoundContext } from '../core/rounds.ts';
import { servedRun } from '../core/served.ts';
import { syncPortfolio } from './sync.ts';

/** The index's syncs of the hierarchy: when they run, one at a time here and across instances. */
export interface SyncRuns {
  /** A sync if the index is due (at start and every period); a failure is logged, not thrown. */
  tick(): Promise<void>;
  /** Syncs now unless one runs: see PortfolioIndex.refresh. */
  refresh(): Promise<{ outcome: 'started' | 'busy'; done: Promise<void> }>;
  /** A sync if the index is due: see PortfolioIndex.syncIfDue. */
  syncIfDue(): Promise<'synced' | 'not-due' | 'busy'>;
  /** Settles when this instance's sync (if any) has ended: for a stop. */
  settled(): Promise<void>;
}

interface SyncParts {
  lock: SyncLock;
  pageSize: number;
  /** INDEX_REFRESH_MINUTES: a served index older than this is due. */
  refreshMinutes: number;
  alarms: AlarmRules;
}

/** One sync of the hierarchy, read from the platform and served when it ends. */
async function syncOnce(context: RoundContext, parts: SyncParts) {
  const capabilities = await context.capabilities.current();
  const pages = context.pages(parts.pageSize);
  if (!capabilities.probed)
    throw new SyncReadError(
      `The platform could not be asked what it offers (${capabilities.reason ?? 'no answer'}).`,
    );
  const outcome = await syncPortfolio({
    db: context.db,
    pages,
    capabilities: capabilities.graphql,
    instance: context.instance,
    clock: context.clock,
    alarms: parts.alarms,
    signal: context.signal,
  });
  releaseTransientMemory();
  context.log.info(
    { runId: outcome.runId, method: outcome.method, platformRequests: pages.requests() },
    'The portfolio index is up to date.',
  );
}

/** Whether the index is due: none served, or the served one `refreshMs` old. */
async function syncDue(context: RoundContext, refreshMs: number) {
  const served = await servedRun(context.db);
  return !served || context.clock.now() - Date.parse(served.finishedAt) >= refreshMs;
}

export function createSyncRuns(context: RoundContext, parts: SyncParts): SyncRuns {
  const { log } = context;
  const refreshMs = parts.refreshMinutes * 60_000;
  let mine: Promise<unknown> | undefined;

  const sync = () => syncOnce(context, parts);
  const isDue = () => syncDue(context, refreshMs);

  /**
   * Runs `sync` under the lock. Settles as soon as it is known whether it runs: with `running`
   * (its end; wrapped, so awaiting this does not wait for the sync) or undefined when busy.
   */
  const tryStart = (onlyIfDue: boolean) =>
    new Promise<{ running: Promise<void> } | undefined>((resolve, reject) => {
      if (mine || context.closed()) return resolve(undefined);
      let settled = false;
      const done = parts.lock.tryRun(async () => {
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

  return {
    async tick() {
      try {
        await (
          await tryStart(true)
        )?.running;
      } catch (error) {
        log.warn({ err: error }, 'The portfolio index could not be brought up to date.');
      }
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
      if (!(await isDue())) return 'not-due';
      const started = await tryStart(true);
      if (!started) return 'busy';
      await started.running;
      return 'synced';
    },
    async settled() {
      await mine?.catch(() => {});
    },
  };
}
