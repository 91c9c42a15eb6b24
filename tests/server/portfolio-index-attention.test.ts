/**
 * "Needs attention now" against the emulator: the conditions refresh reads every building's
 * current values through the BFF's gateway, within its request budget, asks each building only for
 * what changed (`updatedAfter`), and lists the rooms out of their comfort band — the same rooms
 * the dashboard's own verdict finds in the platform's answers. Time is injected into both.
 */
import { comfortRulesOf, roomBands } from '@/shared/rules/space-bands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attentionSchema, floorsNowSchema, type Attention } from '@/api/get-attention';
import { roomBandsSchema } from '@/api/get-room-bands';
import { floorsOutOfBand } from '@/domain/room-conditions';
import { bandKindOfType, comfortVerdict } from '@/shared/rules/comfort';
import { defaultComfortBands } from '@/shared/rules/comfort';
import { defaultComfortHours } from '@/shared/rules/comfort';
import { placeCurrentValues, placeReadings } from '../../server/emulator/device-api';
import { maxLookBacksPerRound } from '../../server/portfolio-index/conditions/conditions-round';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

const start = Date.UTC(2026, 10, 24, 9, 5);
const minute = 60_000;

interface Context {
  platform: RunningPlatform;
  bff: RunningBff;
  /** The time both the emulator and the BFF read. */
  time: { now: number };
}

async function open(options: {
  env?: Record<string, string>;
  apiTypes?: Parameters<typeof startPlatform>[0] extends infer O
    ? O extends { apiTypes?: infer T }
      ? T
      : never
    : never;
}): Promise<Context> {
  const time = { now: start };
  const platform = await startPlatform({
    now: () => time.now,
    ...(options.apiTypes ? { apiTypes: options.apiTypes } : {}),
  });
  const bff = await startBff(
    platform.settings,
    { INDEX_PAGE_SIZE: '200', ...options.env },
    { clock: { now: () => time.now }, indexWait: async () => {}, index: true },
  );
  return { platform, bff, time };
}

const attention = async (context: Context, query = ''): Promise<Attention> => {
  const response = await context.bff.app.inject({
    method: 'GET',
    url: `/api/index/attention${query}`,
    headers: csrf,
  });
  expect(response.statusCode, response.body).toBe(200);
  return attentionSchema.parse(response.json());
};

/** Each site's clock, as the platform's site records give it. */
const siteTimeZones = (context: Context) =>
  new Map(context.platform.emulator.portfolio.sites.map((site) => [site.id, site.timezone]));

/**
 * What must be listed: every room's own banded reading that the dashboard's verdict finds out of
 * band in what the platform answers now, read from the emulator's own records.
 */
function expectedOutOfBand(context: Context) {
  const { portfolio } = context.platform.emulator;
  const timeZone = siteTimeZones(context);
  const bandsOf = roomBandsIn(context);
  const out = new Map<
    string,
    { buildingId: string; roomId: string; kind: string; status: string }
  >();
  for (const building of portfolio.buildings) {
    for (const value of placeCurrentValues(
      portfolio,
      'Buildings',
      building.record.id,
      context.time.now,
    )) {
      if (!value.measuredId || value.measuredId !== value.spaceId) continue;
      const verdict = comfortVerdict(
        {
          type: value.ontologyType as string,
          value: value.value,
          time: Date.parse(value.timestamp as string),
          now: context.time.now,
        },
        bandsOf(value.spaceId),
        { hours: defaultComfortHours, timeZone: timeZone.get(building.record.siteId) },
      );
      if (verdict.status === 'low' || verdict.status === 'high')
        out.set(value.id as string, {
          buildingId: building.record.id,
          roomId: value.spaceId as string,
          kind: bandKindOfType[value.ontologyType as string]!,
          status: verdict.status,
        });
    }
  }
  return out;
}

/** The building with the most floors: the one whose plan needs the index (the tower). */
function tallestBuilding(context: Context) {
  const { portfolio } = context.platform.emulator;
  return portfolio.buildings.reduce((tallest, entry) =>
    portfolio.floorsOf(entry).length > portfolio.floorsOf(tallest).length ? entry : tallest,
  );
}

/** A room's bands, by its type on the platform and its site (shared/rules/space-bands). */
function roomBandsIn(context: Context) {
  const { portfolio } = context.platform.emulator;
  const rooms = new Map<string, { type: string; siteId: string }>();
  for (const building of portfolio.buildings)
    for (const floor of portfolio.floorsOf(building))
      for (const space of floor.spaces)
        rooms.set(space.id, { type: space.ontologyType, siteId: building.record.siteId });
  const comfort = comfortRulesOf(defaultComfortBands);
  return (roomId: unknown) => {
    const room = rooms.get(String(roomId));
    return roomBands(comfort, { type: room?.type, siteId: room?.siteId });
  };
}

/** Every room reading's verdict at `now`, by measurement id, as the dashboard judges it. */
function verdictsAt(context: Context, now: number) {
  const { portfolio } = context.platform.emulator;
  const timeZone = siteTimeZones(context);
  const bandsOf = roomBandsIn(context);
  const verdicts = new Map<string, string>();
  for (const building of portfolio.buildings)
    for (const value of placeCurrentValues(portfolio, 'Buildings', building.record.id, now))
      verdicts.set(
        value.id as string,
        comfortVerdict(
          {
            type: value.ontologyType as string,
            value: value.value,
            time: Date.parse(value.timestamp as string),
            now,
          },
          bandsOf(value.spaceId),
          { hours: defaultComfortHours, timeZone: timeZone.get(building.record.siteId) },
        ).status,
      );
  return verdicts;
}

const currentValueCalls = (context: Context) =>
  context.platform.requests().filter((entry) => entry.path.endsWith('/MeasurementValues'));

describe('needs attention now, on the full platform', () => {
  let context: Context;
  beforeAll(async () => {
    context = await open({});
  });
  afterAll(async () => {
    await context.bff.close();
    await context.platform.close();
  });

  it('answers 503 in plain words before the index has a portfolio, and checks nothing', async () => {
    // The capability probe asks one building's current values; the index asks none yet.
    expect((await context.bff.app.capabilities.current()).currentValues.available).toBe(true);
    context.platform.emulator.requests.clear();
    const response = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/attention',
      headers: csrf,
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await context.bff.app.portfolioIndex!.conditions.refresh()).toBe('not-indexed');
    expect(currentValueCalls(context)).toEqual([]);
  });

  describe('after the first round', () => {
    /** The first round's answer and what it asked the platform: each test reads one thing of it. */
    let round: Awaited<
      ReturnType<NonNullable<RunningBff['app']['portfolioIndex']>['conditions']['refresh']>
    >;
    let calls: ReturnType<typeof currentValueCalls>;
    let lookBacks: ReturnType<RunningPlatform['requests']>;
    const withDevices = () =>
      context.platform.emulator.portfolio.buildings.filter(
        ({ record }) => !record.includesDeviceAndMeasurementCounts || record.deviceCount > 0,
      );
    beforeAll(async () => {
      expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
      context.platform.emulator.requests.clear();
      round = await context.bff.app.portfolioIndex!.conditions.refresh();
      calls = currentValueCalls(context);
      // Beside the current values, a look into history for each reading first seen out of band.
      lookBacks = context.platform
        .requests()
        .filter((entry) => /^\/api\/Devices\/[^/]+\//.test(entry.path));
    });

    it('checks every building with devices in one round, and says what its alarms cost', async () => {
      expect(round).toMatchObject({
        buildingsChecked: withDevices().length,
        buildingsLeft: 0,
        error: undefined,
      });
      // What the alarm step of the round cost is on /metrics, for operators and the bench.
      const alarmsMs = (round as { alarmsMs: number }).alarmsMs;
      expect(alarmsMs).toBeGreaterThan(0);
      const alarmRounds = await context.bff.app.metrics.registry
        .getSingleMetric('storey_alarm_round_seconds')!
        .get();
      expect(alarmRounds.values).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ metricName: 'storey_alarm_round_seconds_count', value: 1 }),
          expect.objectContaining({
            metricName: 'storey_alarm_round_seconds_sum',
            value: alarmsMs / 1000,
          }),
        ]),
      );
    });

    it('asks each building once a page of 5,000 values, nothing since a time the first round', () => {
      const { portfolio } = context.platform.emulator;
      expect(calls.length).toBe(
        withDevices().reduce(
          (sum, { record }) =>
            sum +
            Math.max(
              1,
              Math.ceil(
                placeCurrentValues(portfolio, 'Buildings', record.id, context.time.now).length /
                  5000,
              ),
            ),
          0,
        ),
      );
      expect(calls.every((call) => call.query.updatedAfter === undefined)).toBe(true);
    });

    it('lists every reading the dashboard finds out of band once, one row per room and kind', async () => {
      const expected = expectedOutOfBand(context);
      expect(expected.size).toBeGreaterThan(0);
      const answer = await attention(context, '?limit=5000');
      // Every reading out of band, each once: a room's worst of a kind on its row, the others
      // named on it; one row per room and kind.
      expect(answer.readingsOut).toBe(expected.size);
      const listed = answer.readings.flatMap((row) => [row, ...row.others]);
      expect(listed.map((reading) => reading.measurementId).sort()).toEqual(
        [...expected.keys()].sort(),
      );
      for (const reading of listed)
        expect(reading.status).toBe(expected.get(reading.measurementId)!.status);
      const roomsAndKinds = new Set(
        [...expected.values()].map((reading) => `${reading.roomId} ${reading.kind}`),
      );
      expect(answer.total).toBe(roomsAndKinds.size);
      expect(new Set(answer.readings.map((row) => `${row.roomId} ${row.kind}`)).size).toBe(
        answer.readings.length,
      );
      expect(answer.readings.some((row) => row.others.length > 0)).toBe(true);
      for (const row of answer.readings)
        for (const other of row.others) expect(other.value).not.toBeNaN();
      expect(answer.rooms).toBe(new Set(answer.readings.map((row) => row.roomId)).size);
    });

    it("names each row's band, and lists no room without comfort bands or read at night", async () => {
      const answer = await attention(context, '?limit=5000');
      const { portfolio } = context.platform.emulator;
      // Each row names the band its room was judged by: its type's, a server room's its own.
      const bandsOf = roomBandsIn(context);
      for (const row of answer.readings) {
        const band = bandsOf(row.roomId)[row.kind]!;
        expect(row.band).toEqual({
          low: band.low ?? null,
          high: band.high ?? null,
          source: band.source,
        });
      }
      // Rooms not judged by comfort bands (stores, plant, bathrooms) are never listed.
      expect(answer.readings.every((row) => Object.keys(bandsOf(row.roomId)).length > 0)).toBe(
        true,
      );
      // 09:05 UTC on a Tuesday is 03:05 in Austin: its rooms, cooled for the night, are not listed.
      const night = new Set(
        portfolio.sites
          .filter((site) => site.timezone === 'America/Chicago')
          .map((site) => site.id),
      );
      expect(night.size).toBeGreaterThan(0);
      expect(answer.readings.filter((row) => night.has(row.siteId!))).toEqual([]);
      expect(answer.readings.some((row) => !night.has(row.siteId!))).toBe(true);
    });

    it('puts the furthest out first and names its room, level, building and site', async () => {
      const answer = await attention(context, '?limit=5000');
      const { portfolio } = context.platform.emulator;
      // Worst first: furthest out of band, on one scale for every kind.
      const shares = answer.readings.map((row) => row.outShare);
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
      // Each room and level named as the index has them, and the building's site.
      const row = answer.readings[0]!;
      const building = portfolio.buildings.find(({ record }) => record.id === row.buildingId)!;
      const floor = portfolio
        .floorsOf(building)
        .find((level) => level.spaces.some((space) => space.id === row.roomId))!;
      expect(row.roomName).toBe(floor.spaces.find((space) => space.id === row.roomId)!.name);
      expect(row.levelName).toBe(floor.record.name);
      expect(row.levelKey).toBe(floor.record.id);
      expect(row.buildingName).toBe(building.record.name);
      expect(row.siteId).toBe(building.record.siteId);
    });

    it("says since when each reading is out, from its device's last three hours", async () => {
      const answer = await attention(context, '?limit=5000');
      const { portfolio } = context.platform.emulator;
      // Seen out of band at the first check: out since the first of the readings in a row out of
      // band that its device's history shows over the last three hours (known when an in-band
      // reading came before them), worked out here from the emulator's own history.
      for (const listedRow of answer.readings.slice(0, 10)) {
        const value = placeCurrentValues(
          portfolio,
          'Buildings',
          listedRow.buildingId,
          context.time.now,
        ).find((candidate) => candidate.id === listedRow.measurementId)!;
        const readingAt = Date.parse(listedRow.readingAt);
        const past = placeReadings(
          portfolio,
          'Devices',
          value.deviceId as string,
          { from: readingAt - 3 * 60 * minute, to: readingAt + 1 },
          context.time.now,
        )
          .filter((reading) => reading.measurementValueId === listedRow.measurementId)
          .map((reading) => ({ time: Date.parse(reading.timestamp), value: Number(reading.value) }))
          .sort((a, b) => b.time - a.time);
        const timeZone = siteTimeZones(context).get(listedRow.siteId!);
        let since = readingAt;
        let known = false;
        for (const reading of past) {
          const { status } = comfortVerdict(
            {
              type: value.ontologyType as string,
              value: reading.value,
              time: reading.time,
              now: reading.time,
            },
            roomBandsIn(context)(value.spaceId),
            { hours: defaultComfortHours, timeZone },
          );
          if (status !== 'low' && status !== 'high') {
            known = status === 'in-band' || status === 'outside-hours';
            break;
          }
          since = Math.min(since, reading.time);
        }
        expect(listedRow.outSince, listedRow.measurementId).toBe(new Date(since).toISOString());
        expect(listedRow.outSinceKnown, listedRow.measurementId).toBe(known);
      }
    });

    it('says how far the checks reached and what the round asked of the platform', async () => {
      const answer = await attention(context, '?limit=5000');
      expect(answer.checks).toMatchObject({
        buildings: withDevices().length,
        checked: withDevices().length,
        oldestCheckAt: new Date(context.time.now).toISOString(),
      });
      expect(lookBacks.length).toBeGreaterThan(0);
      // Below the round's allowance: every reading first seen out of band was looked up, which the
      // check of "since" above relies on.
      expect(lookBacks.length).toBeLessThan(maxLookBacksPerRound);
      expect(answer.checks.lastRound).toMatchObject({
        buildingsChecked: withDevices().length,
        platformRequests: calls.length + lookBacks.length,
        error: null,
      });
      expect(answer.refresh).toEqual({ everyMinutes: 10, requestBudget: 15_000 });
    });

    it('filters by kind, building and site, and sorts by how long', async () => {
      const all = await attention(context, '?limit=5000');
      const co2 = await attention(context, '?kind=co2&limit=5000');
      expect(co2.readings.length).toBe(all.readings.filter((row) => row.kind === 'co2').length);
      expect(co2.readings.every((row) => row.kind === 'co2')).toBe(true);
      const someBuilding = all.readings[0]!.buildingId;
      const ofBuilding = await attention(context, `?building=${someBuilding}&limit=5000`);
      expect(ofBuilding.total).toBe(
        all.readings.filter((row) => row.buildingId === someBuilding).length,
      );
      expect(ofBuilding.checks.buildings).toBe(1);
      const someSite = all.readings[0]!.siteId;
      const ofSite = await attention(context, `?site=${someSite}&limit=5000`);
      expect(ofSite.total).toBe(all.readings.filter((row) => row.siteId === someSite).length);
      const longest = await attention(context, '?sort=longest&limit=5000');
      const since = longest.readings.map((row) => Date.parse(row.outSince));
      expect(since).toEqual([...since].sort((a, b) => a - b));
      // Pages: the second page goes on where the first ended.
      const first = await attention(context, '?limit=5');
      const second = await attention(context, '?limit=5&offset=5');
      expect([...first.readings, ...second.readings].map((row) => row.measurementId)).toEqual(
        all.readings.slice(0, 10).map((row) => row.measurementId),
      );
      // Past the last page: no rows, and still how many there are.
      const beyond = await attention(context, `?limit=5&offset=${all.total}`);
      expect(beyond).toMatchObject({
        total: all.total,
        readingsOut: all.readingsOut,
        rooms: all.rooms,
        readings: [],
      });
      expect(all.total).toBeGreaterThan(10);
    });

    it("answers the bands a building's rooms are judged by where their type has its own", async () => {
      const { portfolio } = context.platform.emulator;
      const tower = tallestBuilding(context);
      const response = await context.bff.app.inject({
        method: 'GET',
        url: `/api/index/room-bands?building=${tower.record.id}`,
        headers: csrf,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = roomBandsSchema.parse(response.json());
      expect(answer.typesRead).toBe(true);
      const bandsOf = roomBandsIn(context);
      const spaces = portfolio.floorsOf(tower).flatMap((floor) => floor.spaces);
      // Every room whose bands are not the office ones, in the group of its type, with them.
      const listed = new Map(
        answer.groups.flatMap((group) => group.rooms.map((room) => [room, group] as const)),
      );
      for (const space of spaces) {
        const own = bandsOf(space.id);
        if (own === defaultComfortBands) expect(listed.has(space.id), space.id).toBe(false);
        else
          expect(listed.get(space.id), space.id).toMatchObject({
            type: space.ontologyType,
            bands: own,
          });
      }
      expect(answer.groups.find((group) => group.type === 'Storage')?.bands).toEqual({});
      const unknown = await context.bff.app.inject({
        method: 'GET',
        url: '/api/index/room-bands?building=no-such-building',
        headers: csrf,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    });

    it("counts each floor's rooms at the last check as the stacking plan counts them from the values", async () => {
      const { portfolio } = context.platform.emulator;
      const timeZone = siteTimeZones(context);
      // The tallest building: the one whose plan needs the index (the large profile's tower).
      const tower = tallestBuilding(context);
      const response = await context.bff.app.inject({
        method: 'GET',
        url: `/api/index/floors-now?building=${tower.record.id}`,
        headers: csrf,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { now } = floorsNowSchema.parse(response.json());
      // Each room judged by its type's bands (a store room by none), as the platform types it.
      const types = new Map(
        portfolio
          .floorsOf(tower)
          .flatMap((floor) => floor.spaces.map((space) => [space.id, space.ontologyType])),
      );
      const comfort = comfortRulesOf(defaultComfortBands);
      // The browser's own rule over the platform's values at the time of the check.
      const expected = floorsOutOfBand(
        placeCurrentValues(portfolio, 'Buildings', tower.record.id, context.time.now).map(
          (value) => ({
            id: value.id as string,
            pointType: value.ontologyType as string,
            value: value.value as number,
            time: Date.parse(value.timestamp as string),
            measuredId: value.measuredId as string,
            floorId: value.floorId as string,
            spaceId: value.spaceId as string,
          }),
        ),
        context.time.now,
        (roomId) => roomBands(comfort, { type: types.get(roomId), siteId: tower.record.siteId }),
        { hours: defaultComfortHours, timeZone: timeZone.get(tower.record.siteId) },
      );
      expect(now!.checkedAt).toBe(new Date(context.time.now).toISOString());
      expect(new Map(now!.floors.map(({ floorId, ...floor }) => [floorId, floor]))).toEqual(
        expected,
      );
      expect([...expected.values()].some((floor) => floor.roomsOutOfBand > 0)).toBe(true);
      // A building never checked, or one the index does not know: nothing, in the same words.
      for (const id of [
        'no-such-building',
        portfolio.buildings.find(
          (entry) =>
            entry.record.deviceCount === 0 && entry.record.includesDeviceAndMeasurementCounts,
        )?.record.id ?? 'none',
      ]) {
        const other = await context.bff.app.inject({
          method: 'GET',
          url: `/api/index/floors-now?building=${id}`,
          headers: csrf,
        });
        expect(floorsNowSchema.parse(other.json()).now).toBeNull();
      }
    });

    it('answers bad parameters with a problem, never a platform call', async () => {
      context.platform.emulator.requests.clear();
      for (const query of ['?kind=noise', '?sort=best', '?limit=0', '?limit=5001', '?colour=red']) {
        const response = await context.bff.app.inject({
          method: 'GET',
          url: `/api/index/attention${query}`,
          headers: csrf,
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      }
      for (const query of ['', '?building=a&building=b', '?building=a&floor=b']) {
        const response = await context.bff.app.inject({
          method: 'GET',
          url: `/api/index/floors-now${query}`,
          headers: csrf,
        });
        expect(response.statusCode, query).toBe(400);
      }
      expect(context.platform.requests().filter((entry) => entry.kind !== 'token')).toEqual([]);
    });

    it('asks each building only for what changed, and keeps how long a room has been out', async () => {
      const before = await attention(context, '?limit=5000');
      const previous = context.time.now;
      const verdictsBefore = verdictsAt(context, previous);
      context.time.now += 15 * minute;
      context.platform.emulator.requests.clear();
      await context.bff.app.portfolioIndex!.conditions.refresh();
      const calls = currentValueCalls(context);
      expect(calls.length).toBeGreaterThan(0);
      // Every building that had readings is asked for newer ones only.
      const { portfolio } = context.platform.emulator;
      const hadReadings = (call: { path: string }) =>
        placeCurrentValues(portfolio, 'Buildings', call.path.split('/')[3]!, previous).length > 0;
      expect(calls.filter(hadReadings).length).toBeGreaterThan(0);
      for (const call of calls)
        expect(call.query.updatedAfter !== undefined, call.path).toBe(hadReadings(call));
      const after = await attention(context, '?limit=5000');
      const idsOf = (answer: Attention) =>
        answer.readings.flatMap((row) => [
          row.measurementId,
          ...row.others.map((other) => other.measurementId),
        ]);
      expect(new Set(idsOf(after))).toEqual(new Set(expectedOutOfBand(context).keys()));
      const earlier = new Map(before.readings.map((row) => [row.measurementId, row]));
      const earlierOthers = new Set(idsOf(before));
      for (const row of after.readings) {
        const was = earlier.get(row.measurementId);
        // Out before as another sensor of its room's row: when is that row's (asked above).
        if (!was && earlierOthers.has(row.measurementId)) continue;
        if (was) {
          // Still out: since as before, not since the new reading.
          expect(row.outSince).toBe(was.outSince);
          expect(row.outSinceKnown).toBe(was.outSinceKnown);
        } else {
          // Out now, not before: out since this reading; known when it was seen in band before (not
          // when it was then a faulty reading, stale, or not read at all).
          expect(row.outSince).toBe(row.readingAt);
          expect(row.outSinceKnown).toBe(verdictsBefore.get(row.measurementId) === 'in-band');
        }
      }
    });
  });
});

describe('needs attention now, within a request budget', () => {
  let context: Context;
  beforeAll(async () => {
    context = await open({ env: { CONDITIONS_REQUEST_BUDGET: '5', INDEX_SYNC_CONCURRENCY: '2' } });
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
  });
  afterAll(async () => {
    await context.bff.close();
    await context.platform.close();
  });

  it('never asks more than the budget, and checks the longest unchecked buildings next', async () => {
    const index = context.bff.app.portfolioIndex!;
    const checkedSoFar = new Set<string>();
    let buildings = 0;
    for (let round = 0; round < 3; round++) {
      context.platform.emulator.requests.clear();
      const outcome = await index.conditions.refresh();
      if (typeof outcome === 'string') throw new Error(outcome);
      const calls = currentValueCalls(context);
      expect(calls.length).toBeLessThanOrEqual(5);
      expect(outcome.platformRequests).toBe(calls.length);
      const asked = calls.map((call) => call.path.split('/')[3]!);
      // Buildings never checked come first: none of this round's was checked in an earlier one.
      for (const id of asked) expect(checkedSoFar.has(id)).toBe(false);
      for (const id of asked) checkedSoFar.add(id);
      const answer = await attention(context);
      buildings = answer.checks.buildings;
      expect(answer.checks.checked).toBe(Math.min(checkedSoFar.size, buildings));
      expect(outcome.buildingsLeft).toBe(buildings - outcome.buildingsChecked);
      context.time.now += minute;
    }
    expect(checkedSoFar.size).toBe(Math.min(15, buildings));
  });
});

describe('needs attention now, where the credential lacks current values', () => {
  let context: Context;
  beforeAll(async () => {
    context = await open({ apiTypes: ['historical'] });
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
  });
  afterAll(async () => {
    await context.bff.close();
    await context.platform.close();
  });

  it('asks the platform nothing and lists nothing, with no check made', async () => {
    context.platform.emulator.requests.clear();
    expect(await context.bff.app.portfolioIndex!.conditions.refresh()).toBe('not-offered');
    expect(currentValueCalls(context)).toEqual([]);
    const answer = await attention(context);
    expect(answer).toMatchObject({ total: 0, readings: [] });
    expect(answer.checks).toMatchObject({ checked: 0, lastRound: null });
  });
});
