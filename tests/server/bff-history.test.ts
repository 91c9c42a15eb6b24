/**
 * GET /api/{Buildings|Floors|Spaces}/{id}/HistoricalValues: validated, bounded, sent to the platform
 * in the spec's timestamp format at a configurable path, streamed back, and reported through
 * /api/capabilities when the platform does not offer it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultHistoryMaxDays, loadConfig } from '../../server/config';
import { placeReadings } from '../../server/emulator/device-api';
import type { Capabilities } from '../../server/platform/capabilities';
import {
  bffWithPlatform,
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const monday = Date.UTC(2026, 10, 16);
const iso = (time: number) => new Date(time).toISOString();

/** The emulator's time: a week after the Monday the tests read. */
const now = monday + 7 * day;
const context = bffWithPlatform({}, { now: () => now });

const spaceId = () =>
  context.platform.emulator.portfolio
    .floorsOf(context.platform.emulator.portfolio.buildings[3]!)[1]!
    .spaces.find((space) => space.measurementCount > 0)!.id;

const get = (bff: RunningBff, url: string) => bff.app.inject({ method: 'GET', url, headers: csrf });

describe('history through the BFF', () => {
  it('sends the spec timestamp format to the platform and relays the series unchanged', async () => {
    context.platform.emulator.requests.clear();
    const url = `/api/Spaces/${spaceId()}/HistoricalValues?from=${encodeURIComponent('2026-11-16T01:00:00+01:00')}&to=${iso(monday + day)}`;
    const answer = await get(context.bff, url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const sent = context.platform.requests('rest');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/api/Spaces/${spaceId()}/HistoricalValues`);
    expect(sent[0]!.query).toEqual({
      startTime: '2026-11-16T00:00:00.000000Z',
      endTime: '2026-11-17T00:00:00.000000Z',
      take: '5000',
      skip: '0',
    });
    // What the platform holds for that day.
    expect(answer.json()).toEqual(
      placeReadings(
        context.platform.emulator.portfolio,
        'Spaces',
        spaceId(),
        { from: monday, to: monday + day },
        now,
      ),
    );
  });

  it.each(['Buildings', 'Floors', 'Spaces'])('serves %s', async (level) => {
    const { portfolio } = context.platform.emulator;
    const building = portfolio.buildings[3]!;
    const floor = portfolio.floorsOf(building)[1]!;
    const id = { Buildings: building.record.id, Floors: floor.record.id, Spaces: spaceId() }[
      level
    ]!;
    const answer = await get(
      context.bff,
      `/api/${level}/${id}/HistoricalValues?from=${iso(monday)}&to=${iso(monday + hour)}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it.each([
    ['no from', `to=${iso(monday)}`, /"from" is required/],
    ['a time without a zone', `from=2026-11-16T00:00:00&to=${iso(monday + day)}`, /with a zone/],
    ['a date that does not exist', `from=2026-02-30T00:00:00Z&to=${iso(monday)}`, /with a zone/],
    ['a backwards range', `from=${iso(monday)}&to=${iso(monday - hour)}`, /end after it starts/],
    ['an empty range', `from=${iso(monday)}&to=${iso(monday)}`, /end after it starts/],
    ['367 days', `from=${iso(monday - 367 * day)}&to=${iso(monday)}`, /at most 366 days/],
    [
      'an unknown parameter',
      `from=${iso(monday)}&to=${iso(monday + hour)}&take=5`,
      /Unknown query parameter: take/,
    ],
    [
      'a repeated parameter',
      `from=${iso(monday)}&from=${iso(monday)}&to=${iso(monday + hour)}`,
      /only once/,
    ],
    ['a year past 9999', `from=9999-12-31T00:00:00Z&to=9999-12-31T23:00:00-05:00`, /0000 and 9999/],
  ])('refuses %s with a problem and no platform call', async (_case, query, detail) => {
    context.platform.emulator.requests.clear();
    const answer = await get(context.bff, `/api/Spaces/${spaceId()}/HistoricalValues?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.json<{ detail: string }>().detail).toMatch(detail);
    expect(context.platform.requests('rest')).toHaveLength(0);
  });

  it('refuses bad ids, other methods and other levels without calling the platform', async () => {
    context.platform.emulator.requests.clear();
    const range = `from=${iso(monday)}&to=${iso(monday + hour)}`;
    const badId = await get(context.bff, `/api/Spaces/a%20b/HistoricalValues?${range}`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ detail: string }>().detail).toContain('space id');
    const post = await context.bff.app.inject({
      method: 'POST',
      url: `/api/Spaces/${spaceId()}/HistoricalValues?${range}`,
      headers: csrf,
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
    const sites = await get(context.bff, `/api/Sites/${spaceId()}/HistoricalValues?${range}`);
    expect(sites.statusCode).toBe(404);
    expect(context.platform.requests('rest')).toHaveLength(0);
  });

  it("relays the platform's 404 for an unknown place as a problem with its message", async () => {
    const answer = await get(
      context.bff,
      `/api/Spaces/00000000-0000-0000-0000-000000000000/HistoricalValues?from=${iso(monday)}&to=${iso(monday + hour)}`,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ detail: string }>().detail).toContain('was not found');
  });

  it('reports history as available in /api/capabilities on a platform that has it', async () => {
    const answer = await get(context.bff, '/api/capabilities');
    expect(answer.json<Capabilities>().history).toEqual({
      state: 'available',
      available: true,
      maxDays: defaultHistoryMaxDays,
    });
  });
});

describe('history on a platform configured differently', () => {
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform.close());

  it('uses PLATFORM_HISTORY_PATH, _FROM_PARAM, _TO_PARAM and _MAX_DAYS', async () => {
    const bff = await startBff(platform.settings, {
      PLATFORM_HISTORY_PATH: '/api/v9/{level}/{id}/series',
      PLATFORM_HISTORY_FROM_PARAM: 'since',
      PLATFORM_HISTORY_TO_PARAM: 'until',
      PLATFORM_HISTORY_MAX_DAYS: '7',
    });
    try {
      platform.emulator.requests.clear();
      const ok = await get(
        bff,
        `/api/Floors/abc-1/HistoricalValues?from=${iso(monday)}&to=${iso(monday + 7 * day)}`,
      );
      expect(ok.statusCode).toBe(404); // the emulator has no such path; what matters is what was asked
      const [sent] = platform.requests('rest');
      expect(sent!.path).toBe('/api/v9/Floors/abc-1/series');
      // The first of seven one-day windows; the platform's 404 ends the read there.
      expect(sent!.query).toEqual({
        since: '2026-11-16T00:00:00.000000Z',
        until: '2026-11-17T00:00:00.000000Z',
        take: '5000',
        skip: '0',
      });
      expect(platform.requests('rest').filter((r) => r.path.endsWith('/series'))).toHaveLength(1);
      const long = await get(
        bff,
        `/api/Floors/abc-1/HistoricalValues?from=${iso(monday)}&to=${iso(monday + 7 * day + 1)}`,
      );
      expect(long.json<{ detail: string }>().detail).toContain('at most 7 days');

      const capabilities = (await get(bff, '/api/capabilities')).json<Capabilities>();
      expect(capabilities.history.available).toBe(false);
      expect(capabilities.history.reason).toContain('PLATFORM_HISTORY_PATH');
    } finally {
      await bff.close();
    }
  });

  it('reports history not available when the platform refuses the parameters (400), relaying its messages', async () => {
    const bff = await startBff(platform.settings, { PLATFORM_HISTORY_FROM_PARAM: 'from' });
    try {
      const building = platform.emulator.portfolio.buildings[0]!.record.id;
      const answer = await get(
        bff,
        `/api/Buildings/${building}/HistoricalValues?from=${iso(monday)}&to=${iso(monday + hour)}`,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ errors: string[] }>().errors).toEqual([
        'The startTime field is required.',
      ]);
      const capabilities = (await get(bff, '/api/capabilities')).json<Capabilities>();
      expect(capabilities.history).toEqual({
        state: 'not-offered',
        available: false,
        reason: 'whoever runs Storey can point it elsewhere with PLATFORM_HISTORY_PATH',
        maxDays: defaultHistoryMaxDays,
      });
    } finally {
      await bff.close();
    }
  });

  it('reports history not available on a platform without the endpoints', async () => {
    const bare = await startPlatform({ history: false });
    const bff = await startBff(bare.settings);
    try {
      const capabilities = (await get(bff, '/api/capabilities')).json<Capabilities>();
      expect(capabilities.history.available).toBe(false);
      // Plain words for the dashboard: no path and no status reach signed-in people.
      expect(capabilities.history.reason).toBe(
        'whoever runs Storey can point it elsewhere with PLATFORM_HISTORY_PATH',
      );
    } finally {
      await bff.close();
      await bare.close();
    }
  });

  it.each([
    ['PLATFORM_HISTORY_PATH', 'api/{level}/{id}'],
    ['PLATFORM_HISTORY_PATH', '/api/{level}/HistoricalValues'],
    ['PLATFORM_HISTORY_PATH', '/api/{level}/{id}/{kind}'],
    ['PLATFORM_HISTORY_PATH', '/api/{id}?x=1'],
    ['PLATFORM_HISTORY_FROM_PARAM', 'start time'],
    ['PLATFORM_HISTORY_TO_PARAM', '&to'],
    ['PLATFORM_HISTORY_MAX_DAYS', '0'],
  ])('refuses to start with %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as ConfigError).problems.join(' ')).toContain(name);
    }
  });
});
