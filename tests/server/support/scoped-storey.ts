import { afterAll, beforeAll } from 'vitest';
import { demoScopesFile } from '../../../server/config';
import { csrf } from './harness';
import { signInAs, startSignedInStorey, type SignedInStorey } from './sign-in';

/** The demo people of the emulator's identity provider, as the embedded default shows them. */
export const demoPeople = ['dana', 'alex', 'pat', 'sofia', 'tom', 'sam'] as const;
export type DemoPerson = (typeof demoPeople)[number];

export interface ScopedStorey {
  running: SignedInStorey;
  /** The session cookie header of each demo person. */
  cookies: Record<DemoPerson, string>;
  /** A request as one person, through the app in process (no socket per request). */
  as(
    person: DemoPerson,
    url: string,
    init?: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown },
  ): Promise<{ status: number; headers: Record<string, unknown>; body: string; json(): unknown }>;
}

/**
 * A signed-in Storey with the portfolio index on and the demo people's grants
 * (server/emulator/demo-scopes.yaml), in front of an emulator with the default portfolio, its
 * first sync and round of conditions done; every demo person signed in through the provider.
 */
export function scopedStorey(
  env: Record<string, string> = {},
  /** The time the platform and Storey read; the wall clock by default. */
  now?: () => number,
) {
  const holder = {} as { context: ScopedStorey };
  beforeAll(async () => {
    const running = await startSignedInStorey(
      {
        SCOPES_FILE: demoScopesFile,
        INDEX_ADMINS: 'demo-dana',
        RATE_LIMIT_MAX: '1000000',
        REQUESTS_IN_FLIGHT_MAX: '1000',
        // The tests ask thousands of reads at once of one embedded database: what they hold is
        // who sees what, not how fast.
        INDEX_READ_TIMEOUT_MS: '120000',
        ...env,
      },
      { ...(now ? { now } : {}), index: true },
    );
    await running.storey.app.portfolioIndex!.started();
    const cookies = {} as Record<DemoPerson, string>;
    for (const person of demoPeople) {
      const { jar } = await signInAs(running.storey.url, { username: person });
      cookies[person] = jar.header(running.storey.url);
    }
    holder.context = {
      running,
      cookies,
      async as(person, url, init = {}) {
        const response = await running.storey.app.inject({
          method: init.method ?? 'GET',
          url,
          headers: {
            ...csrf,
            cookie: cookies[person],
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
        });
        return {
          status: response.statusCode,
          headers: response.headers,
          body: response.body,
          json: () => response.json(),
        };
      },
    };
  }, 120_000);
  afterAll(async () => {
    await holder.context?.running.close();
  });
  return holder;
}
