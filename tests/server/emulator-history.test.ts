/**
 * The emulator's historical-values endpoints: the shape the vendor's material shows, values as
 * strings, plausible series that are the same for the same place and time, and the spec's
 * timestamp format enforced strictly (a wrong one is a 400 with an array of messages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyStepMs } from '../../server/emulator/history-series';
import { accessToken, startPlatform, type RunningPlatform } from './support/harness';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** A Monday, so the week below starts with five working days. */
const monday = Date.UTC(2026, 10, 16);

let platform: RunningPlatform;
let token: string;
beforeAll(async () => {
  // The week below is over: the emulator answers no reading later than its own time.
  platform = await startPlatform({ now: () => monday + 8 * day });
  token = await accessToken(platform.address);
});
afterAll(() => platform.close());

interface Reading {
  measurementValueId: string;
  value: string;
  timestamp: string;
}

const stamp = (time: number) => `${new Date(time).toISOString().slice(0, 23)}000Z`;

const history = (path: string, from: string, to: string, page = '') =>
  fetch(
    `${platform.address.baseUrl}${path}/HistoricalValues?startTime=${encodeURIComponent(from)}&endTime=${encodeURIComponent(to)}${page}`,
    { headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' } },
  );

/** Every reading of a range, page by page (5,000 at most each) until x-total-count is reached. */
async function readings(path: string, from: number, to: number): Promise<Reading[]> {
  const all: Reading[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (all.length < total) {
    const response = await history(path, stamp(from), stamp(to), `&take=5000&skip=${all.length}`);
    expect(response.status).toBe(200);
    total = Number(response.headers.get('x-total-count'));
    const page = (await response.json()) as Reading[];
    if (page.length === 0) break;
    all.push(...page);
  }
  return all;
}

const seriesOf = (all: Reading[]) => {
  const byId = new Map<string, Array<{ time: number; value: number }>>();
  for (const reading of all) {
    const list = byId.get(reading.measurementValueId) ?? [];
    list.push({ time: Date.parse(reading.timestamp), value: Number(reading.value) });
    byId.set(reading.measurementValueId, list);
  }
  return [...byId.values()];
};

const entries = () => {
  const portfolio = platform.emulator.portfolio;
  const building = portfolio.buildings[3]!;
  const floors = portfolio.floorsOf(building);
  const floor = floors[1]!;
  const space = floor.spaces.find((candidate) => candidate.measurementCount >= 3)!;
  const meter = floors
    .flatMap((one) => portfolio.devicesOf(one))
    .find((device) => device.record.measurements[0]!.measuredId === building.record.id)!;
  return { building, floors, floor, space, meter };
};

const places = () => {
  const { building, floor, space, meter } = entries();
  return {
    building: `/api/Buildings/${building.record.id}`,
    floor: `/api/Floors/${floor.record.id}`,
    space: `/api/Spaces/${space.id}`,
    meter: `/api/Devices/${meter.record.id}`,
  };
};

describe('emulator historical values', () => {
  it('answers [{measurementValueId, value (string), timestamp}] every 15 minutes, oldest first', async () => {
    const all = await readings(places().space, monday, monday + day);
    expect(all.length).toBeGreaterThan(0);
    for (const reading of all) {
      expect(Object.keys(reading).sort()).toEqual(['measurementValueId', 'timestamp', 'value']);
      expect(typeof reading.value).toBe('string');
      expect(reading.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(Date.parse(reading.timestamp) % historyStepMs).toBe(0);
    }
    const times = all.map((reading) => Date.parse(reading.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(monday);
    expect(Math.max(...times)).toBeLessThan(monday + day);
    expect(new Set(all.map((reading) => reading.measurementValueId)).size).toBe(
      entries().space.measurementCount,
    );
  });

  it('interleaves the series within: a floor holds its rooms, a building its floors', async () => {
    const { building, floor, space } = places();
    const [inBuilding, inFloor, inSpace] = await Promise.all(
      [building, floor, space].map(
        async (path) =>
          new Set(
            (await readings(path, monday + 2 * hour, monday + 4 * hour)).map(
              (r) => r.measurementValueId,
            ),
          ),
      ),
    );
    const counted = entries();
    // Devices that are quiet on the day report nothing: at most the counted measurements each.
    expect(inSpace!.size).toBeLessThanOrEqual(counted.space.measurementCount);
    expect(inFloor!.size).toBeLessThanOrEqual(counted.floor.record.measurementCount);
    expect(inBuilding!.size).toBeLessThanOrEqual(
      counted.floors.reduce((sum, one) => sum + one.record.measurementCount, 0),
    );
    expect(inSpace!.size).toBeGreaterThan(0);
    expect([...inSpace!].every((id) => inFloor!.has(id))).toBe(true);
    expect([...inFloor!].every((id) => inBuilding!.has(id))).toBe(true);
    expect(inBuilding!.size).toBeGreaterThan(inFloor!.size);
  });

  it('reads the same points for the same times, whatever range they were asked in', async () => {
    const { space } = places();
    const week = await readings(space, monday, monday + 7 * day);
    const tuesday = await readings(space, monday + day, monday + 2 * day);
    const fromWeek = week.filter((r) => {
      const time = Date.parse(r.timestamp);
      return time >= monday + day && time < monday + 2 * day;
    });
    expect(tuesday).toEqual(fromWeek);
  });

  it('has working-day occupancy, a daily temperature cycle and a meter that only rises until it is reset', async () => {
    const { meter, space } = places();
    const week = seriesOf(await readings(space, monday, monday + 7 * day));
    const occupancy = week.find(
      (series) =>
        series.every((p) => Number.isInteger(p.value)) && series.some((p) => p.value === 0),
    )!;
    const at = (series: typeof occupancy, from: number, to: number) =>
      series.filter((p) => p.time >= from && p.time < to).map((p) => p.value);
    // Nobody in at night or at the weekend; somebody at some point on each working day.
    expect(at(occupancy, monday, monday + 6 * hour).every((v) => v === 0)).toBe(true);
    expect(at(occupancy, monday + 5 * day, monday + 7 * day).every((v) => v === 0)).toBe(true);
    for (let d = 0; d < 5; d++)
      expect(Math.max(...at(occupancy, monday + d * day, monday + (d + 1) * day))).toBeGreaterThan(
        0,
      );

    // Temperatures mostly between 15 and 25 °C, warmer in working hours than at night.
    const temperature = week.find(
      (series) => series.filter((p) => p.value > 15 && p.value < 25).length > series.length * 0.9,
    )!;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(at(temperature, monday + 10 * hour, monday + 16 * hour))).toBeGreaterThan(
      mean(at(temperature, monday + 1 * hour, monday + 5 * hour)),
    );

    // The building's energy meter over a year: it rises, and drops only when the meter is replaced.
    const [yearOfMeter] = seriesOf(await readings(meter, monday - 360 * day, monday));
    const meterSeries = yearOfMeter!;
    let drops = 0;
    for (let i = 1; i < meterSeries.length; i++) {
      if (meterSeries[i]!.value < meterSeries[i - 1]!.value) drops++;
    }
    expect(drops).toBeGreaterThanOrEqual(2);
    expect(drops).toBeLessThanOrEqual(4);
  });

  it('leaves gaps (times without any reading) and sends the odd outlier, as real sensors do', async () => {
    const { space } = places();
    const month = await readings(space, monday - 60 * day, monday);
    const times = [...new Set(month.map((r) => Date.parse(r.timestamp)))];
    const longest = Math.max(...times.slice(1).map((time, i) => time - times[i]!));
    expect(longest).toBeGreaterThanOrEqual(3 * hour);
    const values = seriesOf(month).flatMap((series) => series.map((p) => p.value));
    expect(values.some((value) => value >= 85)).toBe(true);
  });

  it.each([
    ['three fraction digits only', '2026-11-16T00:00:00.000Z'],
    ['seven plain fraction digits', '2026-11-16T00:00:00.1234567Z'],
    ['an offset instead of Z', '2026-11-16T00:00:00.000000+00:00'],
    ['no fraction', '2026-11-16T00:00:00Z'],
    ['a date that does not exist', '2026-02-30T00:00:00.000000Z'],
    ['a date only', '2026-11-16'],
  ])('refuses %s with a 400 and an array of messages', async (_case, from) => {
    const response = await history(places().space, from, stamp(monday + day));
    expect(response.status).toBe(400);
    const body = (await response.json()) as unknown;
    expect(Array.isArray(body)).toBe(true);
    expect((body as string[])[0]).toContain(`'${from}' is not valid for startTime`);
  });

  it('refuses a missing time, an empty or backwards range and one over 400 days', async () => {
    const { space } = places();
    const missing = await fetch(`${platform.address.baseUrl}${space}/HistoricalValues`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual([
      'The startTime field is required.',
      'The endTime field is required.',
    ]);
    const backwards = await history(space, stamp(monday), stamp(monday));
    expect(await backwards.json()).toEqual(['endTime must be later than startTime.']);
    const long = await history(space, stamp(monday - 401 * day), stamp(monday));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual(['The requested period must not exceed 400 days.']);
  });

  it('answers 404 with a message for an unknown place, and needs a token', async () => {
    const unknown = await history(
      '/api/Spaces/00000000-0000-0000-0000-000000000000',
      stamp(monday),
      stamp(monday + hour),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual([
      "Space with id '00000000-0000-0000-0000-000000000000' was not found.",
    ]);
    const anonymous = await fetch(
      `${platform.address.baseUrl}${places().space}/HistoricalValues?startTime=${stamp(monday)}&endTime=${stamp(monday + hour)}`,
      { headers: { 'x-api-version': '3.0' } },
    );
    expect(anonymous.status).toBe(401);
  });

  it('has no history endpoints with EMULATOR_HISTORY=off (a platform without them)', async () => {
    const bare = await startPlatform({ history: false });
    try {
      const response = await fetch(
        `${bare.address.baseUrl}${places().space}/HistoricalValues?startTime=${stamp(monday)}&endTime=${stamp(monday + hour)}`,
        {
          headers: {
            authorization: `Bearer ${await accessToken(bare.address)}`,
            'x-api-version': '3.0',
          },
        },
      );
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
