import { sql, type Kysely } from 'kysely';
import { HttpProblem } from '../../http/problem.ts';
import type { PersonAccess } from '../../access/person-access.ts';
import type { ReadsFirst } from './reads-first.ts';
import type { IndexDatabase } from './database.ts';
import type { IndexTables } from './tables.ts';

/**
 * The run every reader reads, and how a read of it is made: in one snapshot, bounded in time, for
 * a reader who may leave. Every capability's reads go through `servedReads`.
 */

export interface ServedRun {
  runId: number;
  finishedAt: string;
}

/** The run every reader reads: one row, swapped in one statement by the sync. */
export async function servedRun(db: Kysely<IndexTables>): Promise<ServedRun | undefined> {
  const row = await db
    .selectFrom('index_current')
    .innerJoin('index_run', 'index_run.id', 'index_current.run_id')
    .select(['index_run.id', 'index_run.finished_at'])
    .executeTakeFirst();
  return row?.finished_at
    ? { runId: row.id, finishedAt: new Date(row.finished_at).toISOString() }
    : undefined;
}

/**
 * Who reads the index, and until when: every read takes one. A read whose browser has gone before
 * it began is not run; a read taking longer than INDEX_READ_TIMEOUT_MS answers 503 (on PostgreSQL
 * the statement is cancelled too; the embedded database finishes it in its own thread).
 */
export interface IndexReader {
  signal?: AbortSignal | undefined;
  /**
   * Whose read it is. A person who sees part of the portfolio reads through their scope: as the
   * reader role, with the scope's key set for the transaction, so the database answers only
   * their rows. Absent, or a person who sees everything: the whole portfolio.
   */
  access?: PersonAccess | undefined;
}

/** How scoped reads are made: the reader role, and the scopes made concrete per run. */
export interface ScopedReading {
  role: string;
  materialize(access: PersonAccess, runId: number): Promise<string>;
}

/**
 * A read that took longer than it may: the browser hears so, and why, at once. One whose browser
 * has gone ends at once too (its query, waiting its turn, then does not run).
 */
function withinDeadline<T>(answer: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    stop = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', stop, { once: true });
    timer = setTimeout(
      () =>
        reject(
          new HttpProblem(
            503,
            'The portfolio index took too long to answer this. Try a narrower search or filter, or again in a minute.',
            { reason: 'index-read-timeout' },
            { 'retry-after': '10' },
          ),
        ),
      ms,
    );
    timer.unref();
  });
  // A late answer is still awaited by nobody: its failure must not go unhandled.
  answer.catch(() => undefined);
  return Promise.race([answer, late]).finally(() => {
    clearTimeout(timer);
    if (stop) signal?.removeEventListener('abort', stop);
  });
}

/**
 * One read in one transaction. Its first statement reads the served run and, in the same round
 * trip, sets what the transaction alone runs under: the statement timeout on PostgreSQL, and for
 * a scoped read the reader role and the scope's key (the policies then answer only the scope's
 * rows). `{ retry }` when a sync swapped runs since the scope was made for `runId`.
 */
function snapshotRead(database: IndexDatabase, readTimeoutMs: number, scoped?: ScopedReading) {
  return <T extends object>(
    reader: IndexReader,
    read: (trx: Kysely<IndexTables>, runId: number) => Promise<T>,
    scope: { runId: number; key: string } | undefined,
  ) =>
    database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        // Queued behind others while its browser left: nobody waits for it any more.
        reader.signal?.throwIfAborted();
        const settings = [
          ...(database.kind === 'postgres'
            ? [sql`set_config('statement_timeout', ${String(readTimeoutMs)}, true)`]
            : []),
          ...(scope
            ? [
                sql`set_config('role', ${scoped!.role}, true)`,
                sql`set_config('storey.scope', ${scope.key}, true)`,
              ]
            : []),
        ];
        const {
          rows: [served],
        } = await sql<{ id: number; finished_at: Date | null }>`
        select r.id, r.finished_at${settings.length > 0 ? sql`, ${sql.join(settings)}` : sql``}
        from index_current c join index_run r on r.id = c.run_id`.execute(trx);
        if (!served?.finished_at) return undefined;
        if (scope && served.id !== scope.runId) return { retry: served.id };
        return {
          answer: {
            ...(await read(trx, served.id)),
            asOf: new Date(served.finished_at).toISOString(),
          },
        };
      });
}

/**
 * Reads of the served run, each in one snapshot: a sync elsewhere that swaps runs and removes the
 * old one meanwhile cannot leave it half gone. undefined before the first sync.
 */
export function servedReads(
  database: IndexDatabase,
  readTimeoutMs: number,
  scoped?: ScopedReading,
  /** On the embedded database: every read counted, so a round's writes wait for it. */
  readsFirst?: ReadsFirst,
) {
  const once = snapshotRead(database, readTimeoutMs, scoped);

  /** The run the last scoped read found served: its scope rows are made before its snapshot. */
  let lastRun: number | undefined;

  return <T extends object>(
    reader: IndexReader,
    read: (trx: Kysely<IndexTables>, runId: number) => Promise<T>,
  ): Promise<(T & { asOf: string }) | undefined> => {
    reader.signal?.throwIfAborted();
    const access = reader.access && !reader.access.all ? reader.access : undefined;
    if (access && !scoped)
      throw new Error('A scoped read was asked of an index that reads no scopes.');
    const answer = (async () => {
      if (!access) return (await once(reader, read, undefined))?.answer;
      // The scope's rows are written before the read's snapshot is taken; a sync that swapped
      // runs in between is met by making the new run's and reading again.
      let runId = lastRun ?? (await servedRun(database.db))?.runId;
      for (let attempt = 0; runId !== undefined; attempt++) {
        const key = await scoped!.materialize(access, runId);
        const result = await once(reader, read, { runId, key });
        if (!result) return undefined;
        if ('answer' in result) {
          lastRun = runId;
          return result.answer;
        }
        if (attempt >= 2)
          throw new HttpProblem(503, 'The portfolio index is being swapped: try again.', {
            reason: 'index-swapping',
          });
        runId = lastRun = result.retry;
      }
      return undefined;
    })();
    // Counted until the database is done with it, also after its browser heard it was late.
    readsFirst?.track(answer).catch(() => undefined);
    return withinDeadline(answer, readTimeoutMs, reader.signal);
  };
}

/** A read of the served run, as `servedReads` makes it: what each capability's reads take. */
export type ReadServed = ReturnType<typeof servedReads>;

/** A read's answer with the time of the sync it comes from; undefined before the first sync. */
export type Served<Read extends (...args: never[]) => Promise<object>> =
  (Awaited<ReturnType<Read>> & { asOf: string }) | undefined;
