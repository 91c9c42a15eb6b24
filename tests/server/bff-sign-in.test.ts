import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealedCodec } from '../../server/auth/session-codec';
import { createManualClock } from '../support/manual-clock';
import { emailDomain, safeReturnPath } from '../../server/auth/sign-in-routes';
import { demoUsers } from '../../server/emulator/openid-provider';
import { ConfigError } from '../../server/config';
import { startStorey, type RunningStorey } from '../../server/server';
import { CookieJar } from './support/browser-like';
import { bffAlone, quietStorey, signInAs, startSignedInStorey } from './support/sign-in';
import { platformVariables, startPlatform } from './support/harness';
import { expectNoLeaks, signedJwt } from '../support/leaks';

// The file's shared Storey keeps its index (the admin rule below). Each Storey a test starts for
// itself runs without (`bffAlone`): PostgreSQL in WebAssembly took most of such a test's time,
// three times as much beside other work.
const quiet = quietStorey;

let storey: RunningStorey;

beforeAll(async () => {
  storey = await startStorey(quietStorey);
});
afterAll(() => storey.close());

const signIn = (
  username = 'dana',
  password = 'storey-demo',
  returnTo = '/buildings/abc/levels/2?x=1',
) => signInAs(storey.url, { username, password, returnTo });

/**
 * A Storey with sign-in whose sessions last 30 idle minutes and 8 hours in all, and a call to it
 * with a session cookie made by hand: started and last seen so long ago.
 */
async function storeyWithSessionLimits() {
  const secret = randomBytes(48).toString('base64');
  const platform = await startPlatform();
  const provider = await (
    await import('../../server/emulator/openid-provider')
  ).startOpenIdProvider({
    client: {
      clientId: 'storey-test',
      clientSecret: 'secret-for-test-only',
      redirectUris: ['http://127.0.0.1:1/auth/callback'],
      postLogoutRedirectUris: [],
    },
  });
  const { buildApp } = await import('../../server/app');
  const { loadConfig } = await import('../../server/config');
  const { createMemorySessionStore } = await import('../../server/auth/session-store');
  // One clock for the app, its session store and the cookies made here: the ages below are exact.
  const clock = createManualClock();
  const config = loadConfig({
    ...quiet,
    SESSION_SECRET: secret,
    SESSION_IDLE_MINUTES: '30',
    SESSION_ABSOLUTE_HOURS: '8',
  });
  // The cookies below are made by hand, so their sessions are entered in the store by hand.
  const sessionStore = createMemorySessionStore(clock);
  const app = await buildApp({
    config,
    clock,
    platform: platform.settings,
    logger: false,
    withoutIndex: true,
    sessionStore,
    signIn: {
      provider: {
        issuer: provider.issuer,
        clientId: 'storey-test',
        clientSecret: 'secret-for-test-only',
        allowedDomains: [],
        allowedGroups: [],
      },
      publicUrl: 'http://127.0.0.1:1',
    },
  });
  const codec = createSealedCodec(config.session.secret!, 'session', clock);
  const call = async (startedAgoMs: number, seenAgoMs: number) => {
    const sid = `test-${startedAgoMs}-${seenAgoMs}`;
    await sessionStore.put(`session:${sid}`, '1', 24 * 3_600_000);
    const cookie = await codec.seal(
      {
        sid,
        sub: 'demo-dana',
        name: 'Dana',
        startedAt: clock.now() - startedAgoMs,
        seenAt: clock.now() - seenAgoMs,
      },
      3600,
    );
    return app.inject({
      method: 'GET',
      url: '/api/Sites',
      headers: { 'x-csrf': '1', cookie: `storey-session=${cookie}` },
    });
  };
  return {
    call,
    close: async () => {
      await app.close();
      await provider.close();
      await platform.close();
    },
  };
}

describe('the portfolio index behind sign-in', () => {
  const refresh = (jar?: CookieJar) =>
    (jar ?? new CookieJar()).fetch(`${storey.url}/api/index/refresh`, {
      method: 'POST',
      headers: { 'x-csrf': '1' },
    });

  it('lets only an administrator start a sync, and nobody signed out read it', async () => {
    expect(
      (await fetch(`${storey.url}/api/index/status`, { headers: { 'x-csrf': '1' } })).status,
    ).toBe(401);
    expect((await refresh()).status).toBe(401);
    // On the built-in demo the first demo user (Dana) administers the index; Sam does not.
    const sam = await signIn('sam');
    const refused = await refresh(sam.jar);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { reason: string }).reason).toBe('not-admin');
    const dana = await signIn('dana');
    // 202 when it starts; 409 while the sync Storey started at listen still runs.
    expect([202, 409]).toContain((await refresh(dana.jar)).status);
    const status = await dana.jar.fetch(`${storey.url}/api/index/status`, {
      headers: { 'x-csrf': '1' },
    });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { database: string }).database).toBe('embedded');
  });
});

describe('sign-in with OpenID Connect at the BFF', () => {
  it('refuses API calls without a session, with a 401 problem', async () => {
    const response = await fetch(`${storey.url}/api/Sites`, { headers: { 'x-csrf': '1' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { reason: string }).reason).toBe('signed-out');
  });

  it('signs in with code + PKCE and returns to the deep link asked for', async () => {
    const jar = new CookieJar();
    const login = await jar.fetch(
      `${storey.url}/auth/login?returnTo=${encodeURIComponent('/buildings/abc')}`,
    );
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const { back, landed } = await signIn('dana', 'storey-demo', '/buildings/abc/levels/2?x=1');
    expect(landed).toBe(`${storey.url}/buildings/abc/levels/2?x=1`);
    expect(back!.status).toBe(302);
  });

  it('sets an encrypted HttpOnly, SameSite=Strict session cookie holding no token', async () => {
    const { back, jar } = await signIn();
    const cookie = back!.headers
      .getSetCookie()
      .find((value) => value.startsWith('storey-session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain HTTP on loopback; __Host- and Secure come with HTTPS (below)
    const value = jar.get(storey.url, 'storey-session')!;
    expect(value.split('.')).toHaveLength(5); // JWE: encrypted, not a readable JWT
    expect(value).not.toMatch(signedJwt);
  });

  it('lets the signed-in person use the API, still only with X-CSRF, and says who they are', async () => {
    const { jar } = await signIn();
    const sites = await jar.fetch(`${storey.url}/api/Sites`, { headers: { 'x-csrf': '1' } });
    expect(sites.status).toBe(200);
    const me = (await (await jar.fetch(`${storey.url}/auth/me`)).json()) as {
      name: string;
      email: string;
    };
    expect(me).toMatchObject({ name: 'Dana Demo', email: 'dana@storey.example' });
    const noCsrf = await jar.fetch(`${storey.url}/api/Sites`);
    expect(noCsrf.status).toBe(403);
  });

  it('refuses a tampered cookie and an expired one', async () => {
    const { jar } = await signIn();
    const value = jar.get(storey.url, 'storey-session')!;
    const tampered = `${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const withTampered = await fetch(`${storey.url}/api/Sites`, {
      headers: { 'x-csrf': '1', cookie: `storey-session=${tampered}` },
    });
    expect(withTampered.status).toBe(401);
    expect(((await withTampered.json()) as { reason: string }).reason).toBe('session-expired');

    // A session sealed with another secret is as good as a forged one.
    const forged = await createSealedCodec(randomBytes(32), 'session').seal(
      { sid: 'forged', sub: 'demo-dana', name: 'Dana', startedAt: Date.now(), seenAt: Date.now() },
      3600,
    );
    expect(
      (
        await fetch(`${storey.url}/api/Sites`, {
          headers: { 'x-csrf': '1', cookie: `storey-session=${forged}` },
        })
      ).status,
    ).toBe(401);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const { call, close } = await storeyWithSessionLimits();
    expect((await call(60_000, 1000)).statusCode).toBe(200);
    expect((await call(60 * 60_000, 31 * 60_000)).statusCode).toBe(401); // idle for 31 of 30 minutes
    expect((await call(9 * 3_600_000, 1000)).statusCode).toBe(401); // 9 of 8 hours old
    const refreshed = await call(60_000, 5 * 60_000);
    expect(refreshed.headers['set-cookie']).toBeDefined(); // sliding: seen again, the idle clock restarts
    await close();
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'buildings',
  ])('refuses the foreign return address %s', async (returnTo) => {
    const response = await fetch(
      `${storey.url}/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses a wrong password at the provider, and a callback it did not start', async () => {
    const { loginPage, landed } = await signIn('dana', 'wrong');
    expect(landed).toBeUndefined();
    expect(loginPage).toContain('Unknown username or wrong password.');
    // `npm start`'s embedded default names its demo users where a person signs in.
    expect(loginPage).toContain('Demo users of this emulator: <b>dana</b> / storey-demo');
    const forged = await fetch(`${storey.url}/auth/callback?code=abc&state=xyz`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(400);
  });

  it('refuses a callback whose state does not match the one it started', async () => {
    const jar = new CookieJar();
    await jar.fetch(`${storey.url}/auth/login?returnTo=/`);
    const callback = await jar.fetch(
      `${storey.url}/auth/callback?code=stolen&state=another-state&iss=${encodeURIComponent('http://x')}`,
    );
    expect(callback.status).toBe(400);
    expect(jar.get(storey.url, 'storey-session')).toBeUndefined();
  });

  it('signs out: clears the session and sends the browser to end the provider session', async () => {
    const { jar } = await signIn();
    const refused = await jar.fetch(`${storey.url}/auth/logout`, { method: 'POST' });
    expect(refused.status).toBe(403); // X-CSRF applies to sign-out too
    const response = await jar.fetch(`${storey.url}/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf': '1' },
    });
    expect(response.status).toBe(200);
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    expect(redirectTo).toMatch(/\/session\/end\?/);
    expect(new URL(redirectTo).searchParams.get('post_logout_redirect_uri')).toBe(`${storey.url}/`);
    expect(jar.get(storey.url, 'storey-session')).toBeUndefined();
    expect(
      (await jar.fetch(`${storey.url}/api/Sites`, { headers: { 'x-csrf': '1' } })).status,
    ).toBe(401);
  });

  it('signs out even when the session has already ended', async () => {
    const response = await fetch(`${storey.url}/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf': '1', cookie: 'storey-session=no-longer-valid' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { redirectTo: string }).redirectTo).toMatch(
      /\/session\/end\?/,
    );
    expect(response.headers.getSetCookie().join('')).toMatch(/storey-session=;/);
  });

  it('never sends a token of any kind to the browser', async () => {
    const { jar, back } = await signIn();
    const bodies = [JSON.stringify([...back!.headers])];
    for (const path of ['/auth/me', '/api/Sites']) {
      const response = await jar.fetch(`${storey.url}${path}`, { headers: { 'x-csrf': '1' } });
      bodies.push(JSON.stringify([...response.headers]), await response.text());
    }
    expectNoLeaks(bodies.join('\n'), {}, 'a page');
  });
});

describe('where Storey may listen', () => {
  it('refuses to listen beyond loopback without sign-in, naming the way out', async () => {
    const platform = await startPlatform();
    const env = {
      ...quiet,
      HOST: '0.0.0.0',
      ...platformVariables(platform.settings),
    };
    await expect(startStorey(env, bffAlone)).rejects.toThrow(ConfigError);
    await expect(startStorey(env, bffAlone)).rejects.toThrow(/ALLOW_ANONYMOUS=true/);
    const anonymous = await startStorey({ ...env, ALLOW_ANONYMOUS: 'true' }, bffAlone);
    expect(
      (
        await fetch(`${anonymous.url.replace('0.0.0.0', '127.0.0.1')}/api/Sites`, {
          headers: { 'x-csrf': '1' },
        })
      ).status,
    ).toBe(200);
    await anonymous.close();
    const loopback = await startStorey({ ...env, HOST: '127.0.0.1' }, bffAlone);
    expect(
      (await fetch(`${loopback.url}/auth/me`).then((response) => response.json())) as {
        signIn: boolean;
      },
    ).toMatchObject({ signIn: false });
    await loopback.close();
    await platform.close();
  });

  it('uses __Host- cookies with Secure when served over HTTPS', async () => {
    const https = await startStorey(
      { ...quiet, PUBLIC_URL: 'https://storey.example.test' },
      bffAlone,
    );
    const response = await fetch(`${https.url}/auth/login?returnTo=/`, { redirect: 'manual' });
    const cookie = response.headers.getSetCookie().join('\n');
    // Sign-out's cookies too, the "ask for the password next time" marker among them (review L6).
    const signedOut = await fetch(`${https.url}/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf': '1' },
    });
    await https.close();
    expect(cookie).toMatch(/^__Host-storey-login=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const signOutCookies = signedOut.headers.getSetCookie();
    expect(signOutCookies.some((line) => line.startsWith('storey-signed-out=1'))).toBe(true);
    for (const line of signOutCookies) expect(line).toMatch(/; Secure/);
  });
});

describe('sign-in with a configured provider', () => {
  it('lets in only the allowed e-mail domains and groups', async () => {
    const { freePort } = await import('../support/free-port');
    const { startOpenIdProvider } = await import('../../server/emulator/openid-provider');
    for (const [restriction, allowed, refused] of [
      [{ OIDC_ALLOWED_DOMAINS: 'Storey.example' }, 'dana', 'sam'],
      [{ OIDC_ALLOWED_GROUPS: 'facility-managers,owners' }, 'dana', 'sam'],
    ] as const) {
      const port = await freePort();
      const provider = await startOpenIdProvider({
        client: {
          clientId: 'storey-configured',
          clientSecret: 'configured-secret-value',
          redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
          postLogoutRedirectUris: [],
        },
      });
      const configured = await startStorey(
        {
          ...quiet,
          PORT: String(port),
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: 'storey-configured',
          OIDC_CLIENT_SECRET: 'configured-secret-value',
          SESSION_SECRET: randomBytes(48).toString('hex'),
          ...restriction,
        },
        bffAlone,
      );
      try {
        expect((await signInAs(configured.url, { username: allowed })).back!.status).toBe(302);
        const refusedAnswer = (await signInAs(configured.url, { username: refused })).back!;
        expect(refusedAnswer.status).toBe(403);
        expect(((await refusedAnswer.json()) as { detail: string }).detail).toContain(
          'not one of those allowed',
        );
      } finally {
        await configured.close();
        await provider.close();
      }
    }
  });

  it('refuses to start with an issuer but no client or session secret, naming them', async () => {
    await expect(
      startStorey({ ...quiet, OIDC_ISSUER: 'https://login.example.test' }, bffAlone),
    ).rejects.toThrow(/OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, SESSION_SECRET/);
    await expect(
      startStorey(
        {
          ...quiet,
          OIDC_ISSUER: 'https://login.example.test',
          OIDC_CLIENT_ID: 'x',
          OIDC_CLIENT_SECRET: 'y',
          SESSION_SECRET: 'short',
        },
        bffAlone,
      ),
    ).rejects.toThrow(/SESSION_SECRET/);
  });
});

describe('the return address after sign-in', () => {
  const publicUrl = 'http://storey.example.test:8080';
  it.each([
    '/.//evil.example',
    '/.//evil.example/path?x=1',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/x/..//evil.example',
    '/./\\evil.example',
    '/\\evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'http:evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/%5C%5Cevil.example',
  ])('keeps %s on Storey’s own origin', (raw) => {
    let path: string;
    try {
      path = safeReturnPath(raw, publicUrl);
    } catch (error) {
      expect((error as { status: number }).status).toBe(400);
      return;
    }
    expect(path).toMatch(/^\/(?!\/)/);
    // What the callback sends: Storey's origin followed by the path, read as a browser would.
    expect(new URL(`${new URL(publicUrl).origin}${path}`).origin).toBe(new URL(publicUrl).origin);
    expect(new URL(path, 'https://other.example').origin).toBe('https://other.example');
  });

  it('lands a full sign-in that asked for "/.//evil.example" on Storey itself', async () => {
    const { landed } = await signInAs(storey.url, { returnTo: '/.//evil.example' });
    expect(new URL(landed!).origin).toBe(storey.url);
    expect(new URL(landed!).pathname).toBe('/evil.example');
  });
});

describe('who may sign in', () => {
  it('reads the e-mail domain after the last "@"', () => {
    expect(emailDomain('dana@storey.example')).toBe('storey.example');
    expect(emailDomain('"dana@storey.example"@evil.example')).toBe('evil.example');
    expect(emailDomain('Dana@Storey.Example')).toBe('storey.example');
    expect(emailDomain('no-at-sign')).toBeUndefined();
  });

  it('lets the domain allow-list count only e-mail addresses the provider verified', async () => {
    const unverified = {
      username: 'una',
      password: 'storey-demo',
      sub: 'demo-una',
      name: 'Una Unverified',
      email: 'una@storey.example',
      emailVerified: false,
      groups: ['facility-managers'],
    };
    const running = await startSignedInStorey(
      { OIDC_ALLOWED_DOMAINS: 'storey.example' },
      { users: [...demoUsers, unverified] },
    );
    try {
      expect((await signInAs(running.storey.url, { username: 'dana' })).back!.status).toBe(302);
      expect((await signInAs(running.storey.url, { username: 'una' })).back!.status).toBe(403);
      // A provider set up for a Storey (not the embedded default) names no password.
      const refused = await signInAs(running.storey.url, { username: 'dana', password: 'no' });
      expect(refused.loginPage).toContain('Unknown username or wrong password.');
      expect(refused.loginPage).not.toContain('storey-demo');
    } finally {
      await running.close();
    }
  });

  it('makes nobody an administrator by an address the provider did not verify (review M6)', async () => {
    const mallory = {
      username: 'mallory',
      password: 'storey-demo',
      sub: 'demo-mallory',
      name: 'Mallory',
      // Dana's address, typed in with other capitals: the provider did not check it.
      email: 'Dana@Storey.example',
      emailVerified: false,
      groups: [],
    };
    // The administrator's gate is one (request.access.role, person-access.ts) for the index's
    // sync, alarms, notifications and access pages: read here through the access pages and
    // /api/me, without a database of its own (the index's sync behind it: the first describe).
    const running = await startSignedInStorey(
      { INDEX_ADMINS: 'dana@storey.example' },
      { users: [...demoUsers, mallory] },
    );
    try {
      const asAdmin = async (jar: CookieJar) => {
        const headers = { 'x-csrf': '1' };
        const me = await jar.fetch(`${running.storey.url}/api/me`, { headers });
        const access = await jar.fetch(`${running.storey.url}/api/admin/access`, { headers });
        return {
          role: ((await me.json()) as { role: string | null }).role,
          access: access.status,
          reason:
            access.status === 403 ? ((await access.json()) as { reason: string }).reason : null,
        };
      };
      const { jar: malloryJar } = await signInAs(running.storey.url, { username: 'mallory' });
      expect(await asAdmin(malloryJar)).toEqual({
        role: 'viewer',
        access: 403,
        reason: 'not-admin',
      });
      // Dana's address is verified: hers is the admin's.
      const { jar: danaJar } = await signInAs(running.storey.url, { username: 'dana' });
      expect(await asAdmin(danaJar)).toEqual({ role: 'admin', access: 200, reason: null });
    } finally {
      await running.close();
    }
  });
});
