import { sql, type Kysely } from 'kysely';
import { HttpProblem } from '../../http/problem.ts';
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
 * Reads of the served run, each in one snapshot: a sync elsewhere that swaps runs and removes the
 * old one meanwhile cannot leave it half gone. undefined before the first sync.
 */
export function servedReads(database: IndexDatabase, readTimeoutMs: number) {
  return <T extends object>(
    reader: IndexReader,
    read: (trx: Kysely<IndexTables>, runId: number) => Promise<T>,
  ): Promise<(T & { asOf: string }) | undefined> => {
    reader.signal?.throwIfAborted();
    const answer = database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        // Queued behind others while its browser left: nobody waits for it any more.
        reader.signal?.throwIfAborted();
        if (database.kind === 'postgres')
          await sql`select set_config('statement_timeout', ${String(readTimeoutMs)}, true)`.execute(
            trx,
          );
        const served = await servedRun(trx);
        if (!served) return undefined;
        return { ...(await read(trx, served.runId)), asOf: served.finishedAt };
      });
    return withinDeadline(answer, readTimeoutMs, reader.signal);
  };
}
