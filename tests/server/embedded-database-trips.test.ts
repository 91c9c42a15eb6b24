import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';

/**
 * The embedded database's thread is reached by posting it protocol bytes: a statement with
 * parameters (five protocol messages from node-postgres) is one post, not five (decision 0017,
 * amended 2026-12-07), so a round's thousands of statements are not five trips each.
 */
describe('the embedded database reached through its thread', () => {
  let database: IndexDatabase;
  beforeAll(async () => {
    database = await openIndexDatabase({});
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it('takes one trip to its thread for a statement with parameters, and answers it whole', async () => {
    const posts = vi.spyOn(Worker.prototype, 'postMessage');
    const { rows } = await sql<{
      sum: number;
    }>`select ${20}::int + ${22}::int as sum`.execute(database.db);
    expect(rows).toEqual([{ sum: 42 }]);
    const trips = posts.mock.calls.filter(
      ([message]) => (message as { kind: string }).kind === 'exec',
    );
    expect(trips).toHaveLength(1);
  });
});
