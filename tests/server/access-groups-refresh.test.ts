import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { meAnswer } from '@/shared/contracts/access';
import { buildApp } from '../../server/app';
import { createMemorySessionStore } from '../../server/auth/session-store';
import { loadConfig } from '../../server/config';
import { startOpenIdProvider, type DemoUser } from '../../server/emulator/openid-provider';
import { freePort } from '../support/free-port';
import { csrf, noBuiltDashboard, startPlatform } from './support/harness';
import { signInAs } from './support/sign-in';

const minutes = (count: number) => count * 60_000;

/**
 * A listening Storey whose clock the test moves, with sign-in at a provider of the test's own
 * whose people it changes: what GROUPS_REFRESH_MINUTES does once the period is over.
 */
async function storeyWithProvider() {
  const pat: DemoUser = {
    username: 'pat',
    password: 'storey-demo',
    sub: 'test-pat',
    name: 'Pat Provider',
    email: 'pat@provider.example',
    groups: ['fm-provider'],
  };
  const users = [pat];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = await startOpenIdProvider({
    users,
    client: {
      clientId: 'storey-test',
      clientSecret: 'provider-client-secret-for-tests',
      redirectUris: [`${url}/auth/callback`],
      postLogoutRedirectUris: [`${url}/`],
    },
  });
  const platform = await startPlatform();
  let ahead = 0;
  const clock = { now: () => Date.now() + ahead };
  const config = loadConfig({
    STATIC_DIR: noBuiltDashboard,
    SESSION_SECRET: randomBytes(48).toString('base64'),
    GROUPS_REFRESH_MINUTES: '15',
  });
  const app = await buildApp({
    config,
    platform: platform.settings,
    logger: false,
    withoutIndex: true,
    clock,
    sessionStore: createMemorySessionStore(clock),
    signIn: {
      provider: {
        issuer: provider.issuer,
        clientId: 'storey-test',
        clientSecret: 'provider-client-secret-for-tests',
        allowedDomains: [],
        allowedGroups: [],
      },
      publicUrl: url,
    },
  });
  await app.listen({ host: '127.0.0.1', port });
  const { jar } = await signInAs(url, { username: 'pat' });
  const me = async () => {
    const answer = await fetch(`${url}/api/me`, {
      headers: { ...csrf, cookie: jar.header(url) },
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  return {
    pat,
    users,
    me,
    later: (ms: number) => {
      ahead += ms;
    },
    stopProvider: () => provider.close(),
    async close() {
      await app.close();
      await provider.close().catch(() => {});
      await platform.close();
    },
  };
}

let running: Awaited<ReturnType<typeof storeyWithProvider>> | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('groups read again from the provider', () => {
  it('takes a group change at the provider within the period, not before', async () => {
    running = await storeyWithProvider();
    expect(meAnswer.parse((await running.me()).body).groups).toEqual(['fm-provider']);
    running.pat.groups = ['tenant-skyline'];
    running.later(minutes(14));
    expect(meAnswer.parse((await running.me()).body).groups).toEqual(['fm-provider']);
    running.later(minutes(2));
    expect(meAnswer.parse((await running.me()).body).groups).toEqual(['tenant-skyline']);
  });

  it('ends the session of a person the provider no longer knows', async () => {
    running = await storeyWithProvider();
    expect((await running.me()).status).toBe(200);
    running.users.length = 0;
    running.later(minutes(16));
    const refused = await running.me();
    expect(refused.status).toBe(401);
    expect(refused.body.reason).toBe('session-expired');
  });

  it('keeps the person signed in with the groups they had while the provider is down', async () => {
    running = await storeyWithProvider();
    expect((await running.me()).status).toBe(200);
    await running.stopProvider();
    running.later(minutes(16));
    const answer = await running.me();
    expect(answer.status).toBe(200);
    expect(meAnswer.parse(answer.body).groups).toEqual(['fm-provider']);
  });
});
