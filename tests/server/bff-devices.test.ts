/**
 * Devices, current values and paged history through the BFF: allowlisted GETs with checked ids
 * and parameters; current values shared for CURRENT_VALUES_TTL_SECONDS (a hundred viewers of a
 * floor, one platform call); history read day by day and page by page, refused up front when too
 * large; and /api/capabilities saying, per API type, whether the credential may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeCurrentValues, placeReadings } from '../../server/emulator/device-api';
import type { Capabilities } from '../../server/platform/capabilities';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

const minute = 60 * 1000;
const day = 24 * 60 * minute;
/** A Wednesday at 10:07 UTC. */
const now = Date.UTC(2026, 10, 18, 10, 7);
const iso = (time: number) => new Date(time).toISOString();

let platform: RunningPlatform;
let bff: RunningBff;
let clockNow = now;
const clock = { now: () => clockNow };
beforeAll(async () => {
  platform = await startPlatform({ now: () => now });
  bff = await startBff(platform.settings, { PLATFORM_HISTORY_TAKE: '1000' }, { clock });
});
afterAll(async () => {
  await bff.close();
  await platform.close();
});

const get = (url: string, target: RunningBff = bff) =>
  target.app.inject({ method: 'GET', url, headers: csrf });
const calls = (target: RunningPlatform, pattern: RegExp) =>
  target.requests('rest').filter((entry) => pattern.test(entry.path));

const place = () => {
  const { portfolio } = platform.emulator;
  const building = portfolio.buildings[4]!;
  const floor = portfolio.floorsOf(building).find((one) => one.spaces.length > 2)!;
  const space = floor.spaces.find((one) => one.deviceCount >= 2)!;
  return { building, floor, space };
};

describe('devices and current values through the BFF', () => {
  it("relays a room's devices and a device, by GET only, with checked ids and parameters", async () => {
    const { space } = place();
    const devices = await get(`/api/Spaces/${space.id}/Devices`);
    expect(devices.statusCode).toBe(200);
    const list = devices.json<Array<{ id: string; measurements: unknown[] }>>();
    expect(list).toHaveLength(space.deviceCount);
    const one = await get(`/api/Devices/${list[0]!.id}`);
    expect(one.json()).toEqual(list[0]);

    platform.emulator.requests.clear();
    const refused = await Promise.all([
      get(`/api/Spaces/a%20b/Devices`),
      get(`/api/Spaces/${space.id}/Devices?updatedAfter=x`),
      get(`/api/Spaces/${space.id}/MeasurementValues?take=0`),
      get(`/api/Devices/${list[0]!.id}?take=1`),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    for (const answer of refused)
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    const post = await bff.app.inject({
      method: 'POST',
      url: `/api/Spaces/${space.id}/MeasurementValues`,
      headers: csrf,
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
    expect(platform.requests('rest')).toHaveLength(0);
  });

  it('relays current values as the platform has them, no-store', async () => {
    const { space } = place();
    const answer = await get(`/api/Spaces/${space.id}/MeasurementValues`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual(
      placeCurrentValues(platform.emulator.portfolio, 'Spaces', space.id, now),
    );
  });

  it('lets 100 viewers of one floor cost one platform call per period, and asks again after it', async () => {
    const { floor } = place();
    const url = `/api/Floors/${floor.record.id}/MeasurementValues`;
    clockNow = now + 10 * day; // a fresh period for this test
    platform.emulator.requests.clear();
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(url)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    clockNow += 29_000;
    await get(url);
    expect(calls(platform, /\/MeasurementValues$/)).toHaveLength(1);
    clockNow += 2_000; // past the default 30 seconds
    await get(url);
    expect(calls(platform, /\/MeasurementValues$/)).toHaveLength(2);
  });
});

describe('history through the BFF, page by page and day by day', () => {
  it('reads every page of every day and answers them as one list in time order', async () => {
    const { floor } = place();
    platform.emulator.requests.clear();
    const from = now - 3 * day;
    const answer = await get(
      `/api/Floors/${floor.record.id}/HistoricalValues?from=${iso(from)}&to=${iso(now)}`,
    );
    expect(answer.statusCode).toBe(200);
    const expected = placeReadings(
      platform.emulator.portfolio,
      'Floors',
      floor.record.id,
      { from, to: now },
      now,
    );
    // More than one page a day, so paging is what makes the answer whole.
    expect(expected.length / 3).toBeGreaterThan(1000);
    expect(answer.json()).toEqual(expected);
    const sent = calls(platform, /\/HistoricalValues$/);
    const windows = new Set(sent.map((entry) => `${entry.query.startTime}/${entry.query.endTime}`));
    expect(windows.size).toBe(3);
    for (const window of windows) {
      const [start, end] = window.split('/').map((text) => Date.parse(text.replace('000Z', 'Z')));
      expect(end! - start!).toBe(day);
    }
    expect(sent.every((entry) => entry.query.take === '1000')).toBe(true);
    expect(sent.length).toBe(
      [...windows].reduce((sum, window) => {
        const count = expected.filter((reading) => {
          const time = Date.parse(reading.timestamp);
          const [start, end] = window
            .split('/')
            .map((text) => Date.parse(text.replace('000Z', 'Z')));
          return time >= start! && time < end!;
        }).length;
        return sum + Math.max(1, Math.ceil(count / 1000));
      }, 0),
    );
  });

  it('refuses a range that would hold more readings than one answer may, before reading it', async () => {
    const limited = await startBff(platform.settings, { HISTORY_MAX_READINGS: '5000' }, { clock });
    try {
      const { building } = place();
      platform.emulator.requests.clear();
      const answer = await get(
        `/api/Buildings/${building.record.id}/HistoricalValues?from=${iso(now - 7 * day)}&to=${iso(now)}`,
        limited,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json<{ detail: string }>().detail).toMatch(
        /^This building has about [\d,]+ readings in that range, more than Storey shows at once \(5,000\)\. Choose a shorter range, or a floor or room\.$/,
      );
      // Only the first day was asked for.
      const windows = new Set(
        calls(platform, /\/HistoricalValues$/).map((entry) => entry.query.startTime),
      );
      expect(windows.size).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it("relays the platform's refusal of a range beyond the site's retention in its words", async () => {
    const { portfolio } = platform.emulator;
    const short = portfolio.buildings.find(
      (entry) =>
        portfolio.sites.find((site) => site.id === entry.record.siteId)!.timeSeriesRetentionSpan ===
        '30.00:00:00',
    )!;
    const answer = await get(
      `/api/Buildings/${short.record.id}/HistoricalValues?from=${iso(now - 40 * day)}&to=${iso(now - 39 * day)}`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ detail: string }>().detail).toBe(
      "The requested period starts before the site's retention period of 30 days.",
    );
  });
});

describe('capabilities per API type', () => {
  it('reports devices, current values and history available on a full platform', async () => {
    const capabilities = (await get('/api/capabilities')).json<Capabilities>();
    expect(capabilities.devices).toEqual({ state: 'available', available: true });
    expect(capabilities.currentValues).toEqual({
      state: 'available',
      available: true,
      ttlSeconds: 30,
    });
    expect(capabilities.history).toMatchObject({ state: 'available', available: true });
  });

  it('says in plain words which API type the credential lacks, and answers history 403 likewise', async () => {
    const limited = await startPlatform({ now: () => now, apiTypes: [] });
    const limitedBff = await startBff(limited.settings, { CURRENT_VALUES_TTL_SECONDS: '10' });
    try {
      const capabilities = (await get('/api/capabilities', limitedBff)).json<Capabilities>();
      expect(capabilities.currentValues).toEqual({
        state: 'not-enabled',
        available: false,
        reason:
          "Storey's platform credential is not enabled for current values; ask your platform administrator",
        ttlSeconds: 10,
      });
      expect(capabilities.history).toMatchObject({
        state: 'not-enabled',
        available: false,
        reason:
          "Storey's platform credential is not enabled for historical values; ask your platform administrator",
      });
      expect(capabilities.devices.state).toBe('available');
      for (const reason of [capabilities.currentValues.reason, capabilities.history.reason])
        expect(reason).not.toMatch(/\/api|403|\d{3}/);
      const space = limited.emulator.portfolio.floorsOf(
        limited.emulator.portfolio.buildings[4]!,
      )[0]!.spaces[0]!;
      const history = await get(
        `/api/Spaces/${space.id}/HistoricalValues?from=${iso(now - day)}&to=${iso(now)}`,
        limitedBff,
      );
      expect(history.statusCode).toBe(403);
      expect(history.json<{ detail: string }>().detail).toBe(
        "Storey's platform credential is not enabled for historical values; ask your platform administrator.",
      );
    } finally {
      await limitedBff.close();
      await limited.close();
    }
  });

  it('reports devices and current values not offered by a spec-only platform', async () => {
    const spec = await startPlatform({ now: () => now, schema: 'spec' });
    const specBff = await startBff(spec.settings);
    try {
      const capabilities = (await get('/api/capabilities', specBff)).json<Capabilities>();
      expect(capabilities.devices).toEqual({
        state: 'not-offered',
        available: false,
        reason: 'this platform does not list devices',
      });
      expect(capabilities.currentValues).toMatchObject({
        state: 'not-offered',
        reason: 'this platform does not offer current values',
      });
    } finally {
      await specBff.close();
      await spec.close();
    }
  });
});
