/**
 * Sessions that really end: sign-out revokes the session id on every instance (through Redis
 * when SESSION_STORE_URL is set, in memory otherwise), a sign-in state works once, and the
 * provider's sign-out gets id_token_hint.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startOpenIdProvider } from '../../server/emulator/openid-provider';
import { freePort } from '../support/free-port';
import { CookieJar } from './support/browser-like';
import { startRedis, type RunningRedis } from './support/redis-server';
import { signInAs, startSignedInStorey, type SignedInStorey } from './support/sign-in';

const csrf = { 'x-csrf': '1' };

async function sitesWith(baseUrl: string, cookie: string) {
  return fetch(`${baseUrl}/api/Sites`, { headers: { ...csrf, cookie } });
}

async function signOut(baseUrl: string, jar: CookieJar) {
  const response = await jar.fetch(`${baseUrl}/auth/logout`, { method: 'POST', headers: csrf });
  expect(response.status).toBe(200);
  return ((await response.json()) as { redirectTo: string }).redirectTo;
}

describe('one instance (sessions kept in memory)', () => {
  let running: SignedInStorey;
  beforeAll(async () => {
    running = await startSignedInStorey();
  });
  afterAll(() => running.close());

  it('ends a copied session cookie at sign-out', async () => {
    const { url } = running.storey;
    const { jar } = await signInAs(url);
    const copied = `storey-session=${jar.get(url, 'storey-session')!}`;
    expect((await sitesWith(url, copied)).status).toBe(200);
    await signOut(url, jar);
    const after = await sitesWith(url, copied);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { reason: string }).reason).toBe('session-expired');
    expect((await fetch(`${url}/auth/me`, { headers: { cookie: copied } })).status).toBe(401);
  });

  it("sends the provider's end-session endpoint the ID token as id_token_hint, once", async () => {
    const { url } = running.storey;
    const { jar } = await signInAs(url);
    const copied = jar.get(url, 'storey-session')!;
    const redirectTo = new URL(await signOut(url, jar));
    expect(redirectTo.pathname).toMatch(/\/session\/end$/);
    expect(redirectTo.searchParams.get('id_token_hint')).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(`${url}/`);
    // Signing out again with the same (now ended) cookie still works, without a hint to give.
    const again = new CookieJar();
    again.set(url, 'storey-session', copied);
    expect(new URL(await signOut(url, again)).searchParams.get('id_token_hint')).toBeNull();
  });

  it('asks the provider for the password at the first sign-in after a sign-out, not after that', async () => {
    const { url } = running.storey;
    const { jar } = await signInAs(url);
    await signOut(url, jar);
    const login = async () =>
      new URL(
        (await jar.fetch(`${url}/auth/login`, { redirect: 'manual' })).headers.get('location')!,
      );
    // The provider's own sign-out needs a confirmation the person may skip; then its session
    // would sign the same person straight back in.
    expect((await login()).searchParams.get('prompt')).toBe('login');
    expect((await login()).searchParams.get('prompt')).toBeNull();
  });

  it('accepts a sign-in state once: a replayed callback is refused and starts no session', async () => {
    const { url } = running.storey;
    const { callback, loginCookie } = await signInAs(url);
    expect(callback).toBeDefined();
    const replay = await fetch(callback!, {
      headers: { cookie: `storey-login=${loginCookie!}` },
      redirect: 'manual',
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { detail: string }).detail).toContain('already');
    expect(replay.headers.getSetCookie().join('')).not.toMatch(/storey-session=ey/);
  });

  it('defaults the absolute session lifetime to 8 hours', () => {
    expect(loadConfig({}).session.absoluteHours).toBe(8);
  });
});

describe('several instances sharing a session store (Redis)', () => {
  let redis: RunningRedis;
  let first: SignedInStorey;
  let second: SignedInStorey;
  let closeProvider: () => Promise<void>;
  beforeAll(async () => {
    redis = await startRedis();
    const ports = [await freePort(), await freePort()];
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
    const env = { SESSION_STORE_URL: redis.url };
    first = await startSignedInStorey(env, { port: ports[0]!, provider, secret });
    second = await startSignedInStorey(env, { port: ports[1]!, provider, secret });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await closeProvider?.();
    await redis?.stop();
  });

  it('ends the session on every instance when it is signed out on one', async () => {
    const { jar } = await signInAs(first.storey.url);
    const cookie = `storey-session=${jar.get(first.storey.url, 'storey-session')!}`;
    expect((await sitesWith(second.storey.url, cookie)).status).toBe(200);
    await signOut(first.storey.url, jar);
    expect((await sitesWith(second.storey.url, cookie)).status).toBe(401);
    expect((await sitesWith(first.storey.url, cookie)).status).toBe(401);
  });

  it('refuses on one instance a sign-in state already used on another', async () => {
    const { callback, loginCookie } = await signInAs(first.storey.url);
    const replayed = callback!.replace(first.storey.url, second.storey.url);
    const replay = await fetch(replayed, {
      headers: { cookie: `storey-login=${loginCookie!}` },
      redirect: 'manual',
    });
    expect(replay.status).toBe(400);
  });

  it('keeps a signed-out session ended when the store restarts without its data', async () => {
    const { url } = first.storey;
    const { jar } = await signInAs(url);
    const copied = `storey-session=${jar.get(url, 'storey-session')!}`;
    await signOut(url, jar);
    expect((await sitesWith(url, copied)).status).toBe(401);
    // Valkey as compose runs it: no persistence, so a restart forgets everything it held.
    const port = Number(new URL(redis.url).port);
    await redis.stop();
    redis = await startRedis(port);
    // Until Storey's client has reconnected it answers 503 (never "not revoked"); then 401.
    // Each look is a round trip, so this waits on the reconnection, not on a clock.
    let status = 503;
    while (status === 503) status = (await sitesWith(url, copied)).status;
    // A deny-list of revoked sessions would have forgotten the sign-out (security review M3).
    expect(status).toBe(401);
    status = 503;
    while (status === 503) status = (await sitesWith(second.storey.url, copied)).status;
    expect(status).toBe(401);
  });

  it('refuses API calls, sign-in and sign-out with 503 while the store is unreachable, and is not ready', async () => {
    const { url } = first.storey;
    const { jar } = await signInAs(url);
    const cookie = `storey-session=${jar.get(url, 'storey-session')!}`;
    await redis.stop();
    const answer = await sitesWith(url, cookie);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    const signingOut = await jar.fetch(`${url}/auth/logout`, { method: 'POST', headers: csrf });
    expect(signingOut.status).toBe(503);
    const callback = await fetch(`${url}/auth/callback?code=x&state=y`, { redirect: 'manual' });
    expect([400, 503]).toContain(callback.status);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { detail: string }).detail).toContain('session store');
  });
});

describe('sign-out that holds', () => {
  it('keeps a signed-out session ended when the instance restarts (memory store, same secret)', async () => {
    const port = await freePort();
    const running = await startSignedInStorey({}, { port });
    const { url } = running.storey;
    const { jar } = await signInAs(url);
    const copied = `storey-session=${jar.get(url, 'storey-session')!}`;
    await signOut(url, jar);
    await running.storey.close();
    const again = await startSignedInStorey(
      {},
      { port, provider: running.provider, secret: running.secret },
    );
    try {
      expect((await sitesWith(url, copied)).status).toBe(401);
    } finally {
      await again.close();
      await running.close();
    }
  });

  it('is never refused because strangers at the same address filled a rate limit', async () => {
    const running = await startSignedInStorey({ RATE_LIMIT_MAX: '3' });
    const { url } = running.storey;
    try {
      const { jar } = await signInAs(url);
      const copied = `storey-session=${jar.get(url, 'storey-session')!}`;
      // Requests without a session, from the person's address (the review: 610 of them).
      for (let index = 0; index < 20; index++)
        await fetch(`${url}/auth/logout`, { method: 'POST', headers: csrf });
      await signOut(url, jar);
      expect((await sitesWith(url, copied)).status).toBe(401);
    } finally {
      await running.close();
    }
  });
});
