import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Capabilities, CapabilityProbe } from '../../platform/capabilities.ts';
import { featureWords, notEnabledReason } from '../../platform/history.ts';
import type { SyncLock } from './database.ts';
import type { Tidy } from './tidy.ts';
import { BudgetSpentError, SyncReadError, type PlatformPages } from './platform-pages.ts';
import type { IndexTables } from './tables.ts';

/**
 * A background round of the index beside its sync (the conditions refresh, the energy refresh):
 * one at a time in this process and, through its lock, across instances; not run while the
 * platform does not offer what it reads, or before the index has served a sync. Its outcome's
 * reason, when it stopped early, goes to the log in the round's name.
 */
export interface RoundOutcome {
  platformRequests: number;
  /** Why the round stopped early, in plain words; absent when it did all it meant to. */
  error?: string | undefined;
}

export interface Round<Outcome extends RoundOutcome> {
  /** One round now: its outcome, or why none ran. */
  run(): Promise<Outcome | 'busy' | 'not-offered' | 'not-indexed'>;
  /** Settles when the round running now (if any) has ended: for a stop. */
  settled(): Promise<void>;
}

export function createRound<Outcome extends RoundOutcome>(
  context: RoundContext,
  round: {
    /** "Conditions", "Energy": what the log calls it. */
    name: string;
    lock: SyncLock;
    /** Whether the platform offers what the round reads, from the capability probe's answer. */
    offered: (capabilities: Capabilities) => boolean;
    work: () => Promise<Outcome>;
    /** The tables its work rewrites rows of: tidied after it (RoundContext.tidy). */
    rewrites: readonly (keyof IndexTables)[];
  },
): Round<Outcome> {
  const offered = async () => {
    const capabilities = await context.capabilities.current();
    return capabilities.probed && round.offered(capabilities);
  };
  let running: Promise<boolean> | undefined;
  return {
    async run() {
      if (context.closed() || running) return 'busy';
      if (!(await offered())) return 'not-offered';
      if (!(await context.indexed())) return 'not-indexed';
      let outcome: Outcome | undefined;
      running = round.lock.tryRun(async () => {
        try {
          outcome = await round.work();
        } finally {
          // However the work ended, what it rewrote is cleared away before the next round.
          await context
            .tidy?.(round.rewrites)
            .catch((error: unknown) =>
              context.log.warn({ err: error }, `${round.name}: its tables could not be tidied.`),
            );
        }
      });
      try {
        if (!(await running)) return 'busy';
      } finally {
        running = undefined;
      }
      if (outcome?.error)
        context.log.warn(
          { platformRequests: outcome.platformRequests },
          `${round.name}: ${outcome.error}`,
        );
      return outcome!;
    },
    async settled() {
      await running?.catch(() => {});
    },
  };
}

/**
 * Why a round stopped, from what stopped it: nothing to say when it did all it meant to or spent
 * its budget (the rest come first next time); the platform's refusal in words; `undefined` as
 * the verdict `unexpected` for anything else, which the round records and throws on.
 */
export function roundStopReason(
  stopped: unknown,
  feature: keyof typeof featureWords,
): { error: string | undefined } | 'unexpected' {
  if (stopped === undefined || stopped instanceof BudgetSpentError) return { error: undefined };
  if (stopped instanceof SyncReadError && stopped.status === 403)
    return { error: notEnabledReason(featureWords[feature].noun) };
  if (stopped instanceof SyncReadError) return { error: stopped.message };
  return 'unexpected';
}

/**
 * What every round of the index is given by the index that runs it: its database, who it is,
 * how to read the platform's pages within a budget, and when to stop.
 */
export interface RoundContext {
  db: Kysely<IndexTables>;
  clock: Clock;
  /** This process, as the runs' rows name it ("host:pid"). */
  instance: string;
  concurrency: number;
  signal: AbortSignal;
  capabilities: CapabilityProbe;
  /**
   * The platform's pages of `pageSize`: at most `budget` requests when given, spread over
   * `spreadOverMs` when given (decision 0013).
   */
  pages(pageSize: number, budget?: number, spreadOverMs?: number): PlatformPages;
  /** Whether the index has served a sync (the rounds read its buildings). */
  indexed(): Promise<boolean>;
  closed(): boolean;
  log: FastifyBaseLogger;
  /** Where the database has no autovacuum (the embedded one): tidies a round's tables (tidy.ts). */
  tidy?: Tidy | undefined;
}

/** Tables a round keeps per building, each with a `building_id`. */
type PerBuildingTable = 'condition_reading' | 'energy_day' | 'energy_month' | 'energy_meter';

/**
 * What a round read of buildings no longer in the served portfolio goes with them: the rows of
 * `tables` whose building the run `runId` does not hold.
 */
export async function forgetRemovedBuildings(
  db: Kysely<IndexTables>,
  runId: number,
  tables: readonly PerBuildingTable[],
): Promise<void> {
  for (const table of tables)
    await db
      .deleteFrom(table)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('indexed_building as building')
              .select(sql`1`.as('one'))
              .where('building.run_id', '=', runId)
              .whereRef('building.id', '=', `${table}.building_id`),
          ),
        ),
      )
      .execute();
}
