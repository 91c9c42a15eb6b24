import { afterAll, beforeAll } from 'vitest';
import { csrf, startBff, startPlatform, type RunningBff, type RunningPlatform } from './harness';

/** An emulator and a BFF that keeps a portfolio index of it (synced when a test asks). */
export interface IndexedPlatform {
  platform: RunningPlatform;
  bff: RunningBff;
  /** Every wait between retries of a platform read, recorded instead of slept. */
  waits: number[];
  /** The time both the emulator and the BFF read; a test moves it by hand. */
  time: { now: number };
}

/**
 * A weekday morning in the seeded sites' working hours (a Tuesday, 09:05 UTC): what the index
 * finds out of band depends on the sites' clocks, so no answer may depend on when the suite runs.
 */
export const indexedPlatformStart = Date.UTC(2026, 10, 24, 9, 5);

/**
 * An indexed platform for the enclosing describe block: started before its tests, closed after.
 * `env` adds to (or overrides) the index's settings: small pages, three reads at a time.
 */
export function indexedPlatform(
  platformOptions: Parameters<typeof startPlatform>[0] = {},
  env: Record<string, string> = {},
) {
  const holder = {} as { context: IndexedPlatform };
  beforeAll(async () => {
    const time = { now: indexedPlatformStart };
    const platform = await startPlatform({ now: () => time.now, ...platformOptions });
    const waits: number[] = [];
    const bff = await startBff(
      platform.settings,
      { INDEX_PAGE_SIZE: '50', INDEX_SYNC_CONCURRENCY: '3', ...env },
      {
        clock: { now: () => time.now },
        indexWait: async (ms) => void waits.push(ms),
        index: true,
      },
    );
    holder.context = { platform, bff, waits, time };
  });
  afterAll(async () => {
    await holder.context.bff.close();
    await holder.context.platform.close();
  });
  return holder;
}

/** A GET as the dashboard sends it (X-CSRF), its status, headers and JSON body. */
export async function getJson(context: IndexedPlatform, url: string) {
  const response = await context.bff.app.inject({ method: 'GET', url, headers: csrf });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}
