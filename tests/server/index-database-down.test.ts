import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';
import { startPostgres, type RunningPostgres } from './support/postgres-server';

/**
 * The index's PostgreSQL stopped (third security review, L5): every index route answered 500
 * with a stack trace in the log, and /readyz said ready. A balancer must be told, and a person
 * read what happened in words.
 */
let postgres: RunningPostgres;
let platform: RunningPlatform;
let bff: RunningBff;
beforeAll(async () => {
  postgres = await startPostgres();
  platform = await startPlatform();
  bff = await startBff(
    platform.settings,
    {
      DATABASE_URL: postgres.url,
      INDEX_PAGE_SIZE: '50',
    },
    { index: true },
  );
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await platform?.close();
  await postgres?.stop();
});

describe('the index database gone', () => {
  it('answers 503 in words on the index routes, and /readyz says not ready', async () => {
    expect(await bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const before = await bff.app.inject({
      method: 'GET',
      url: '/api/index/search?q=level',
      headers: csrf,
    });
    expect(before.statusCode).toBe(200);
    await postgres.stop();
    const search = await bff.app.inject({
      method: 'GET',
      url: '/api/index/search?q=level',
      headers: csrf,
    });
    expect(search.statusCode).toBe(503);
    expect(search.headers['retry-after']).toBe('30');
    expect(search.json()).toMatchObject({ reason: 'index-database-unavailable' });
    const ready = await bff.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().detail).toMatch(/portfolio index's database cannot be reached/);
  });
});
