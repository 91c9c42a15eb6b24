import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { demoScopesFile } from '../../server/config';
import { startOpenIdProvider } from '../../server/emulator/openid-provider';
import { grantsFreshMs } from '../../server/access/policy-source';
import { freePort } from '../support/free-port';
import { csrf } from './support/harness';
import { startPostgres, type RunningPostgres } from './support/postgres-server';
import { startRedis, type RunningRedis } from './support/redis-server';
import { signInAs, startSignedInStorey, type SignedInStorey } from './support/sign-in';

/**
 * Three Storeys on one PostgreSQL and one Redis, as a larger deployment runs them (decision
 * 0020): a grant changed on one applies on all within 5 s, and a person's sessions ended on one
 * end on all at once.
 */
let postgres: RunningPostgres;
let redis: RunningRedis;
let closeProvider: () => Promise<void>;
const instances: SignedInStorey[] = [];
const oslo = '100005';

beforeAll(async () => {
  postgres = await startPostgres();
  redis = await startRedis();
  const ports = [await freePort(), await freePort(), await freePort()];
  const provider = await startOpenIdProvider({
    client: {
      clientId: 'storey-test',
      clientSecret: 'provider-client-secret-for-tests',
      redirectUris: ports.map((port) => `http://127.0.0.1:${port}/auth/callback`),
      postLogoutRedirectUris: ports.map((port) => `http://127.0.0.1:${port}/`),
    },
  });
  closeProvider = () => provider.close();
  const secret = randomBytes(48).toString('base64');
  for (const port of ports)
    instances.push(
      await startSignedInStorey(
        {
          DATABASE_URL: postgres.url,
          SESSION_STORE_URL: redis.url,
          SCOPES_FILE: demoScopesFile,
        },
        { port, provider, secret, index: true },
      ),
    );
  await Promise.all(instances.map((instance) => instance.storey.app.portfolioIndex!.started()));
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await closeProvider?.();
  await redis?.stop();
  await postgres?.stop();
});

const get = (instance: SignedInStorey, cookie: string, path: string) =>
  fetch(`${instance.storey.url}${path}`, { headers: { ...csrf, cookie } });

it('applies a grant changed on one instance on every instance within 5 s', async () => {
  const [first, ...others] = instances as [SignedInStorey, ...SignedInStorey[]];
  const alex = (await signInAs(first.storey.url, { username: 'alex' })).jar.header(
    first.storey.url,
  );
  const sofia = (await signInAs(first.storey.url, { username: 'sofia' })).jar.header(
    first.storey.url,
  );
  const sitesOf = async (instance: SignedInStorey) => {
    const answer = await get(instance, sofia, '/api/Sites?take=1000');
    expect(answer.status).toBe(200);
    return ((await answer.json()) as Array<{ id: string }>).map((site) => site.id);
  };
  for (const instance of instances) expect(await sitesOf(instance)).not.toContain(oslo);
  const granted = await fetch(`${first.storey.url}/api/admin/access/grants`, {
    method: 'POST',
    headers: { ...csrf, cookie: alex, 'content-type': 'application/json' },
    body: JSON.stringify({ group: 'site-fm-london', kind: 'site', id: oslo, role: 'viewer' }),
  });
  expect(granted.status).toBe(201);
  const changedAt = performance.now();
  expect(await sitesOf(first)).toContain(oslo);
  // Each instance's next read of the grants, asked every 100 ms: a loop asking as fast as answers
  // came met the BFF's rate limit (600 a minute for a session, 429) on a quick machine.
  for (const instance of others)
    await vi.waitFor(async () => expect(await sitesOf(instance)).toContain(oslo), {
      timeout: 5_000,
      interval: 100,
    });
  expect(performance.now() - changedAt).toBeLessThan(5_000);
  expect(grantsFreshMs).toBeLessThanOrEqual(5_000);
}, 60_000);

it("ends a person's sessions on every instance at once", async () => {
  const [first] = instances as [SignedInStorey];
  const alex = (await signInAs(first.storey.url, { username: 'alex' })).jar.header(
    first.storey.url,
  );
  const pat = (await signInAs(first.storey.url, { username: 'pat' })).jar.header(first.storey.url);
  for (const instance of instances) expect((await get(instance, pat, '/api/me')).status).toBe(200);
  const ended = await fetch(`${first.storey.url}/api/admin/access/people/demo-pat/end-sessions`, {
    method: 'POST',
    headers: { ...csrf, cookie: alex },
  });
  expect(ended.status).toBe(204);
  const endedAt = performance.now();
  for (const instance of instances) {
    const answer = await get(instance, pat, '/api/me');
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { reason: string }).reason).toBe('session-expired');
  }
  expect(performance.now() - endedAt).toBeLessThan(1_000);
  // Signing in again afterwards works: only the sessions then open were ended.
  const again = (await signInAs(first.storey.url, { username: 'pat' })).jar.header(
    first.storey.url,
  );
  expect((await get(instances[2]!, again, '/api/me')).status).toBe(200);
}, 60_000);
