import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import {
  startOpenIdProvider,
  type DemoUser,
  type RunningOpenIdProvider,
} from '../../../server/emulator/openid-provider';
import { startStorey, type RunningStorey } from '../../../server/server';
import { freePort } from '../../support/free-port';
import { CookieJar } from './browser-like';
import {
  noBuiltDashboard,
  platformVariables,
  startPlatform,
  type RunningPlatform,
} from './harness';

/** No build, no log noise: what server tests start Storey with. */
export const quietStorey = {
  PORT: '0',
  LOG_LEVEL: 'silent',
  STATIC_DIR: noBuiltDashboard,
} as const;

/**
 * How server tests start Storey: without its index (startStorey's `withoutIndex`), which reads
 * the platform on its own at start while these tests count what browsers cause, and would cost
 * each a database. The index's own tests (portfolio-index-*, the admin rule) pass `index: true`.
 */
export const bffAlone = { withoutIndex: true } as const;

/**
 * Signs in at `baseUrl` through its OpenID provider as a browser would: /auth/login, the
 * provider's form, the callback. Returns the jar and, when sign-in succeeded, where it landed.
 */
export async function signInAs(
  baseUrl: string,
  { username = 'dana', password = 'storey-demo', returnTo = '/', jar = new CookieJar() } = {},
) {
  const login = await jar.fetch(`${baseUrl}/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(login.status).toBe(302);
  const { url: interaction } = await jar.follow(login.headers.get('location')!);
  const form = await jar.fetch(
    `${new URL(interaction).origin}${new URL(interaction).pathname}/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    },
  );
  if (form.status === 401)
    return {
      jar,
      loginPage: await form.text(),
      landed: undefined,
      back: undefined,
      callback: undefined,
    };
  const { url: callback } = await jar.follow(
    new URL(form.headers.get('location')!, interaction).href,
    (next) => next.startsWith(baseUrl),
  );
  const loginCookie = jar.get(baseUrl, 'storey-login');
  const back = await jar.fetch(callback);
  return {
    jar,
    back,
    callback,
    /** The sign-in state cookie the callback consumed (to try replaying it). */
    loginCookie,
    landed: back.headers.get('location') ?? undefined,
    loginPage: undefined,
  };
}

export interface SignedInStorey {
  storey: RunningStorey;
  platform: RunningPlatform;
  provider: RunningOpenIdProvider;
  secret: string;
  close(): Promise<void>;
}

/**
 * A listening Storey in front of a platform of the test's own (its request log readable), with
 * sign-in at an OpenID provider of the test's own, configured as a real deployment would be.
 */
export async function startSignedInStorey(
  env: Record<string, string> = {},
  options: {
    users?: DemoUser[];
    port?: number;
    provider?: RunningOpenIdProvider;
    secret?: string;
    /** The time the platform and Storey read (both the same); the wall clock by default. */
    now?: () => number;
    /** With its portfolio index (a database of its own); without by default. */
    index?: boolean;
  } = {},
): Promise<SignedInStorey> {
  const port = options.port ?? (await freePort());
  const platform = await startPlatform(options.now ? { now: options.now } : {});
  const provider =
    options.provider ??
    (await startOpenIdProvider({
      ...(options.users ? { users: options.users } : {}),
      client: {
        clientId: 'storey-test',
        clientSecret: 'provider-client-secret-for-tests',
        redirectUris: [`http://127.0.0.1:${port}/auth/callback`],
        postLogoutRedirectUris: [`http://127.0.0.1:${port}/`],
      },
    }));
  const secret = options.secret ?? randomBytes(48).toString('base64');
  const storey = await startStorey(
    {
      ...quietStorey,
      PORT: String(port),
      ...platformVariables(platform.settings),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'storey-test',
      OIDC_CLIENT_SECRET: 'provider-client-secret-for-tests',
      SESSION_SECRET: secret,
      ...env,
    },
    {
      ...(options.now ? { clock: { now: options.now } } : {}),
      withoutIndex: !options.index,
    },
  );
  return {
    storey,
    platform,
    provider,
    secret,
    async close() {
      await storey.close();
      if (!options.provider) await provider.close();
      await platform.close();
    },
  };
}
