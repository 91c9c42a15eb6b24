/**
 * The emulator's devices, current values and paged history, as the vendor's API guide shows them
 * (field notes, "Devices, measurements, current values"): counts that agree with the devices
 * listed, current values that are the latest readings of the history, pages with x-total-count and
 * a link header, the site's retention, and a 403 for each API type the credential lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specialBuildings } from '../../server/emulator/portfolio';
import type { ApiType } from '../../server/emulator/rest-parameters';
import { accessToken, startPlatform, type RunningPlatform } from './support/harness';

const minute = 60 * 1000;
const day = 24 * 60 * minute;
/** A Wednesday at 10:07 UTC: people are in, so rooms have something to say. */
const now = Date.UTC(2026, 10, 18, 10, 7);
const stamp = (time: number) => `${new Date(time).toISOString().slice(0, 23)}000Z`;

let platform: RunningPlatform;
let token: string;
beforeAll(async () => {
  platform = await startPlatform({ now: () => now });
  token = await accessToken(platform.address);
});
afterAll(() => platform.close());

const get = (path: string, target: RunningPlatform = platform, bearer = token) =>
  fetch(`${target.address.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${bearer}`, 'x-api-version': '3.0' },
  });

async function json<T>(path: string): Promise<T> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Measurement {
  id: string;
  name: string;
  type: string;
  unit: string;
  measuredId: string;
  isWriteable: boolean;
}
interface Device {
  id: string;
  spaceId: string;
  floorId: string;
  ontologyType: string;
  measurements: Measurement[];
}
interface CurrentValue {
  id: string;
  name: string;
  ontologyType: string;
  unit: string;
  value: number | boolean | string;
  timestamp: string;
  deviceId: string;
  spaceId: string;
  measuredId: string;
}
interface Reading {
  measurementValueId: string;
  value: string;
  timestamp: string;
}

const portfolio = () => platform.emulator.portfolio;
/** A building with counts and floors, and its first floor with rooms. */
const place = () => {
  const building = portfolio().buildings[4]!;
  const floor = portfolio()
    .floorsOf(building)
    .find((candidate) => candidate.spaces.length > 2)!;
  const space = floor.spaces.find((candidate) => candidate.deviceCount >= 2)!;
  return { building, floor, space };
};

describe('emulator devices', () => {
  it("lists a room's devices with Brick types, units and ids, as many as the room counts", async () => {
    const { space } = place();
    const devices = await json<Device[]>(`/api/Spaces/${space.id}/Devices`);
    expect(devices).toHaveLength(space.deviceCount);
    expect(devices.flatMap((device) => device.measurements)).toHaveLength(space.measurementCount);
    for (const device of devices) {
      expect(device.spaceId).toBe(space.id);
      expect(device.ontologyType).toMatch(/^[A-Z][A-Za-z]*(_[A-Z][A-Za-z0-9]*)*$/);
      for (const measurement of device.measurements) {
        expect(Object.keys(measurement).sort()).toEqual(
          ['context', 'id', 'isWriteable', 'measuredId', 'name', 'type', 'unit'].sort(),
        );
        expect(measurement.type).toMatch(/_(Sensor|Setpoint)$/);
        expect(['°C', 'ppm', '%', 'lux', 'kWh', 'no unit']).toContain(measurement.unit);
      }
    }
    const one = await json<Device>(`/api/Devices/${devices[0]!.id}`);
    expect(one).toEqual(devices[0]);
    expect((await get('/api/Devices/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('agrees with every count: rooms, floors and buildings', async () => {
    const { building, floor } = place();
    const floorDevices = await json<Device[]>(`/api/Floors/${floor.record.id}/Devices`);
    expect(floorDevices).toHaveLength(floor.record.deviceCount);
    expect(floor.record.deviceCount).toBe(
      floor.spaces.reduce((sum, space) => sum + space.deviceCount, 0),
    );
    const buildingDevices = await json<Device[]>(
      `/api/Buildings/${building.record.id}/Devices?take=5000`,
    );
    expect(building.record.includesDeviceAndMeasurementCounts).toBe(true);
    expect(buildingDevices).toHaveLength(building.record.deviceCount);
    expect(buildingDevices.flatMap((device) => device.measurements)).toHaveLength(
      building.record.measurementCount,
    );
    // Every building of the portfolio whose counts are included and that has floors.
    for (const entry of portfolio().buildings) {
      if (!entry.record.includesDeviceAndMeasurementCounts || entry.roomsPerFloor.length === 0)
        continue;
      const floors = portfolio().floorsOf(entry);
      expect(floors.reduce((sum, f) => sum + f.record.deviceCount, 0)).toBe(
        entry.record.deviceCount,
      );
      expect(floors.reduce((sum, f) => sum + f.record.measurementCount, 0)).toBe(
        entry.record.measurementCount,
      );
    }
    // Paged: any page of a building's devices is the same slice of the whole list.
    for (const [skip, take] of [
      [0, 7],
      [5, 13],
      [buildingDevices.length - 3, 10],
    ] as const) {
      const page = await get(
        `/api/Buildings/${building.record.id}/Devices?skip=${skip}&take=${take}`,
      );
      expect(page.headers.get('x-total-count')).toBe(String(buildingDevices.length));
      expect(await page.json()).toEqual(buildingDevices.slice(skip, skip + take));
    }
    // A building without floors keeps the devices the platform counts elsewhere (quality rule).
    const bare = portfolio().buildings[specialBuildings.noFloors]!.record;
    expect(await json<Device[]>(`/api/Buildings/${bare.id}/Devices`)).toEqual([]);
  });

  it('places one meter per floor and one per building, measuring the floor and the building', async () => {
    const { building, floor } = place();
    const devices = await json<Device[]>(`/api/Floors/${floor.record.id}/Devices`);
    const measured = devices.flatMap((device) => device.measurements.map((m) => m.measuredId));
    expect(measured).toContain(floor.record.id);
    const all = await json<Device[]>(`/api/Buildings/${building.record.id}/Devices?take=5000`);
    const meters = all.flatMap((device) =>
      device.measurements.filter((m) => m.measuredId === building.record.id),
    );
    expect(meters).toHaveLength(1);
    expect(meters[0]).toMatchObject({ type: 'Energy_Sensor', unit: 'kWh' });
  });
});

describe('emulator current values', () => {
  it("gives each measurement of a room its latest reading, typed, and the history's last point", async () => {
    const { space } = place();
    const devices = await json<Device[]>(`/api/Spaces/${space.id}/Devices`);
    const values = await json<CurrentValue[]>(`/api/Spaces/${space.id}/MeasurementValues`);
    const ids = devices.flatMap((device) => device.measurements.map((m) => m.id));
    expect(values.map((value) => value.id).sort()).toEqual([...ids].sort());
    const history = await json<Reading[]>(
      `/api/Spaces/${space.id}/HistoricalValues?startTime=${stamp(now - 5 * day)}&endTime=${stamp(now + day)}&take=5000`,
    );
    for (const value of values) {
      expect(typeof value.value).toBe('number');
      expect(Date.parse(value.timestamp)).toBeLessThanOrEqual(now);
      const last = history.filter((r) => r.measurementValueId === value.id).at(-1)!;
      expect(value.timestamp).toBe(last.timestamp);
      expect(value.value).toBe(Number(last.value));
    }
    // Nothing in the history lies in the future.
    expect(Math.max(...history.map((r) => Date.parse(r.timestamp)))).toBeLessThanOrEqual(now);
  });

  it('answers only values updated after `updatedAfter`, and refuses a bad one', async () => {
    const { floor } = place();
    const all = await json<CurrentValue[]>(`/api/Floors/${floor.record.id}/MeasurementValues`);
    const after = now - 20 * minute;
    const recent = await json<CurrentValue[]>(
      `/api/Floors/${floor.record.id}/MeasurementValues?updatedAfter=${new Date(after).toISOString()}`,
    );
    expect(recent.map((value) => value.id)).toEqual(
      all.filter((value) => Date.parse(value.timestamp) > after).map((value) => value.id),
    );
    expect(recent.length).toBeLessThan(all.length + 1);
    const bad = await get(
      `/api/Floors/${floor.record.id}/MeasurementValues?updatedAfter=yesterday`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(["The value 'yesterday' is not valid for updatedAfter."]);
  });

  it('has rooms that report nothing for days (stale) somewhere in the portfolio', async () => {
    let stale = 0;
    for (const entry of portfolio().buildings.slice(0, 6)) {
      if (entry.roomsPerFloor.length === 0) continue;
      const values = await json<CurrentValue[]>(
        `/api/Buildings/${entry.record.id}/MeasurementValues?take=5000`,
      );
      stale += values.filter((value) => now - Date.parse(value.timestamp) > day).length;
    }
    expect(stale).toBeGreaterThan(0);
  });
});

describe('emulator history pages, retention and API types', () => {
  it('pages a floor history with take and skip, x-total-count and a link to the next page', async () => {
    const { floor } = place();
    const base = `/api/Floors/${floor.record.id}/HistoricalValues?startTime=${stamp(now - 2 * day)}&endTime=${stamp(now)}`;
    const first = await get(`${base}&take=1000`);
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(2000);
    expect(first.headers.get('link')).toMatch(/skip=1000[^>]*>; rel="next"/);
    const pages: Reading[] = (await first.json()) as Reading[];
    for (let skip = 1000; skip < total; skip += 1000)
      pages.push(...(await json<Reading[]>(`${base}&take=1000&skip=${skip}`)));
    const whole = await json<Reading[]>(`${base}&take=5000`);
    expect(total).toBeLessThanOrEqual(5000);
    expect(pages).toEqual(whole);
    expect(pages).toHaveLength(total);
    const last = await get(`${base}&take=1000&skip=${total - 10}`);
    expect(last.headers.get('link')).toBeNull();
    expect(await last.json()).toHaveLength(10);
  });

  it("refuses a range that starts before the site's retention, and honours one inside it", async () => {
    const short = portfolio().buildings.find(
      (entry) =>
        portfolio().sites.find((site) => site.id === entry.record.siteId)!
          .timeSeriesRetentionSpan === '30.00:00:00',
    )!;
    const path = `/api/Buildings/${short.record.id}/HistoricalValues`;
    const refused = await get(
      `${path}?startTime=${stamp(now - 31 * day)}&endTime=${stamp(now - 30 * day)}`,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual([
      "The requested period starts before the site's retention period of 30 days.",
    ]);
    const kept = await get(
      `${path}?startTime=${stamp(now - 29 * day)}&endTime=${stamp(now - 28 * day)}`,
    );
    expect(kept.status).toBe(200);
  });

  it.each<[string, ApiType[], number, number]>([
    ['only the Historical API', ['historical'], 403, 200],
    ['only the Current Value API', ['current-value'], 200, 403],
  ])(
    'with %s, the other answers a JSON 403; devices answer either way',
    async (_name, types, current, history) => {
      const limited = await startPlatform({ now: () => now, apiTypes: types });
      try {
        const bearer = await accessToken(limited.address);
        const { space } = place();
        const values = await get(`/api/Spaces/${space.id}/MeasurementValues`, limited, bearer);
        expect(values.status).toBe(current);
        const readings = await get(
          `/api/Spaces/${space.id}/HistoricalValues?startTime=${stamp(now - day)}&endTime=${stamp(now)}`,
          limited,
          bearer,
        );
        expect(readings.status).toBe(history);
        const refused = current === 403 ? values : readings;
        expect(refused.headers.get('content-type')).toMatch(/json/);
        expect(await refused.json()).toEqual([
          expect.stringMatching(
            /^The client is not enabled for the (Current Value|Historical) API\.$/,
          ),
        ]);
        expect((await get(`/api/Spaces/${space.id}/Devices`, limited, bearer)).status).toBe(200);
      } finally {
        await limited.close();
      }
    },
  );

  it('offers no devices and no current values in the spec-only mode', async () => {
    const spec = await startPlatform({ now: () => now, schema: 'spec' });
    try {
      const bearer = await accessToken(spec.address);
      const { space } = place();
      for (const path of [
        `/api/Spaces/${space.id}/Devices`,
        `/api/Spaces/${space.id}/MeasurementValues`,
      ])
        expect((await get(path, spec, bearer)).status, path).toBe(404);
    } finally {
      await spec.close();
    }
  });
});
