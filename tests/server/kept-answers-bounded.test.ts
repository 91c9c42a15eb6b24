import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

/**
 * Kept current values are bounded in bytes and let go when they expire (third security review,
 * M2): 304 reads of one building's values, each at another `skip`, took Storey from 172 MB to
 * 815 MB, and it stayed there after their 30 s, since the cache counted entries and swept nothing.
 */
const now = Date.UTC(2026, 10, 18, 10, 7);
let clockNow = now;
let platform: RunningPlatform;
let bff: RunningBff;
beforeAll(async () => {
  platform = await startPlatform({ now: () => now });
  bff = await startBff(
    platform.settings,
    { CURRENT_VALUES_CACHE_MB: '1', CURRENT_VALUES_TTL_SECONDS: '30' },
    { clock: { now: () => clockNow } },
  );
});
afterAll(async () => {
  await bff.close();
  await platform.close();
});

describe('kept current values', () => {
  it('hold no more than their budget however many distinct pages are read, and expire', async () => {
    const tower = platform.emulator.portfolio.buildings[0]!.record.id;
    let relayed = 0;
    for (let skip = 0; skip < 60 * 100; skip += 100) {
      const answer = await bff.app.inject({
        method: 'GET',
        url: `/api/Buildings/${tower}/MeasurementValues?take=100&skip=${skip}`,
        headers: csrf,
      });
      expect(answer.statusCode).toBe(200);
      relayed += answer.rawPayload.length;
    }
    const { gateway } = bff.app;
    // Far more was read than may be kept: what is kept stays within the budget.
    expect(relayed).toBeGreaterThan(2 * 1024 * 1024);
    expect(gateway.keptCurrentValues().bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(gateway.keptCurrentValues().entries).toBeGreaterThan(0);
    // Past their period, the next read finds them gone: only its own answer is kept.
    clockNow += 31_000;
    await bff.app.inject({
      method: 'GET',
      url: `/api/Buildings/${tower}/MeasurementValues?take=100&skip=0`,
      headers: csrf,
    });
    expect(gateway.keptCurrentValues().entries).toBe(1);
  });
});
