import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './support/harness';
import { indexedPlatform, type IndexedPlatform } from './support/indexed-platform';

/**
 * The embedded database never holds up the server (third security review, H1): PGlite ran its
 * queries on Storey's only thread, so one person's costly index reads or a sync froze sign-in,
 * `/healthz` and every relayed platform answer for everyone. It now runs in a thread of its own:
 * while a query keeps the database busy, the server still answers, over real HTTP.
 */
describe('the embedded index database, busy', () => {
  const running = indexedPlatform({}, { INDEX_READ_TIMEOUT_MS: '500' });
  let context: IndexedPlatform;
  let address: string;
  beforeAll(async () => {
    context = running.context;
    address = await context.bff.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await context.bff.app.close();
  });

  it('leaves /healthz and a relayed platform listing answering while a query runs', async () => {
    const { db } = context.bff.app.portfolioIndex!.database;
    let busy = true;
    // PGlite sleeps by working: this holds the database, and whatever thread runs it, 3 s.
    const query = sql`select pg_sleep(3)`.execute(db).finally(() => {
      busy = false;
    });
    const health = await fetch(`${address}/healthz`);
    expect(health.status).toBe(200);
    const listing = await fetch(`${address}/api/Sites?take=5`, { headers: csrf });
    expect(listing.status).toBe(200);
    // Both answered while the database was still busy: it runs beside the server, not in it.
    expect(busy).toBe(true);
    await query;
  });

  it('answers an index read that waits longer than INDEX_READ_TIMEOUT_MS with a 503 in words', async () => {
    const index = context.bff.app.portfolioIndex!;
    expect(await index.syncIfDue()).toBe('synced');
    const query = sql`select pg_sleep(2)`.execute(index.database.db);
    const search = await fetch(`${address}/api/index/search?q=level`, { headers: csrf });
    expect(search.status).toBe(503);
    expect(search.headers.get('retry-after')).toBe('10');
    expect(((await search.json()) as { reason: string }).reason).toBe('index-read-timeout');
    await query;
  });

  it('does not run a read whose browser left while it waited its turn', async () => {
    const index = context.bff.app.portfolioIndex!;
    const query = sql`select pg_sleep(1)`.execute(index.database.db);
    const browser = new AbortController();
    const read = index.search({ signal: browser.signal }, 'level', { offset: 0, limit: 5 }).then(
      () => 'answered',
      (error: Error) => error.name,
    );
    browser.abort();
    // Ended at once, while the database is still busy: nobody waits for it, and its turn never
    // comes (the reader is checked again when the transaction begins).
    expect(await read).toBe('AbortError');
    await query;
  });
});
