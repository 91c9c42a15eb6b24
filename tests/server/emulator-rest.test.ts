import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../server/emulator/emulator';
import { accessToken, startPlatform, type RunningPlatform } from './support/harness';

let platform: RunningPlatform;
let token: string;
beforeAll(async () => {
  platform = await startPlatform();
  token = await accessToken(platform.address);
});
afterAll(() => platform.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${platform.address.baseUrl}${path}`, { headers });
const authorized = (path: string, extra: Record<string, string> = {}) =>
  get(path, { authorization: `Bearer ${token}`, 'x-api-version': '3.0', ...extra });

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

describe('emulator REST authorization and versioning', () => {
  it('refuses a call without a token, with a token of another emulator, and with an expired one', async () => {
    expect((await get('/api/Buildings', { 'x-api-version': '3.0' })).status).toBe(401);
    const other = await startPlatform();
    const foreign = await accessToken(other.address);
    await other.close();
    expect(
      (await authorized('/api/Buildings', { authorization: `Bearer ${foreign}` })).status,
    ).toBe(401);
    // The token alone (GraphQL's form) is not accepted by REST.
    expect((await authorized('/api/Buildings', { authorization: token })).status).toBe(401);

    const strict = await createEmulator({ rejectTokensSecondsEarly: 3600 });
    const address = await strict.listen();
    const stale = await accessToken(address);
    const response = await fetch(`${address.baseUrl}/api/Buildings`, {
      headers: { authorization: `Bearer ${stale}`, 'x-api-version': '3.0' },
    });
    await strict.close();
    expect(response.status).toBe(401);
  });

  it.each(['2.0', '3.0'])('accepts X-Api-Version %s', async (version) => {
    expect((await authorized('/api/Buildings', { 'x-api-version': version })).status).toBe(200);
  });

  it.each([['1.0'], ['4'], ['']])(
    'refuses X-Api-Version "%s" with the real message',
    async (version) => {
      const response = await get(
        '/api/Buildings',
        version === ''
          ? { authorization: `Bearer ${token}` }
          : { authorization: `Bearer ${token}`, 'x-api-version': version },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(['Unsupported API Version was requested']);
    },
  );
});

describe('emulator REST listings', () => {
  it('returns bare arrays with x-total-count, pages with take/skip in a stable order', async () => {
    const all = (await (await authorized('/api/Buildings')).json()) as Array<{ id: string }>;
    expect(all).toHaveLength(24);
    const page = await authorized('/api/Buildings?take=5&skip=10');
    expect(page.headers.get('x-total-count')).toBe('24');
    expect(((await page.json()) as Array<{ id: string }>).map((b) => b.id)).toEqual(
      all.slice(10, 15).map((b) => b.id),
    );
    const again = (await (await authorized('/api/Buildings')).json()) as Array<{ id: string }>;
    expect(again.map((b) => b.id)).toEqual(all.map((b) => b.id));
  });

  it('is case-insensitive in paths and parameter names', async () => {
    const response = await authorized('/API/buildings?TAKE=2&Skip=1');
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown[]).toHaveLength(2);
  });

  it.each([
    ['take above 5000', 'take=5001'],
    ['a negative take', 'take=-1'],
    ['a negative skip', 'skip=-3'],
    ['a take that is not a number', 'take=ten'],
    ['includeCounts that is not a boolean', 'includeCounts=yes'],
  ])('refuses %s with an array of messages', async (_case, query) => {
    const response = await authorized(`/api/Buildings?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as unknown[];
    expect(Array.isArray(body) && body.every((message) => typeof message === 'string')).toBe(true);
  });

  it('filters buildings by siteId', async () => {
    const sites = (await (await authorized('/api/Sites')).json()) as Array<{
      id: string;
      buildingCount: number;
    }>;
    const site = sites[1]!;
    const buildings = (await (
      await authorized(`/api/Buildings?siteId=${site.id}`)
    ).json()) as Array<{ siteId: string }>;
    expect(buildings).toHaveLength(site.buildingCount);
    expect(buildings.every((building) => building.siteId === site.id)).toBe(true);
  });

  it('fills device and measurement counts only with includeCounts=true', async () => {
    const without = (await (await authorized('/api/Buildings')).json()) as Array<
      Record<string, unknown>
    >;
    expect(
      without.every(
        (b) =>
          b.deviceCount === 0 &&
          b.measurementCount === 0 &&
          b.includesDeviceAndMeasurementCounts === false,
      ),
    ).toBe(true);
    const withCounts = (await (
      await authorized('/api/Buildings?includeCounts=true')
    ).json()) as Array<Record<string, unknown>>;
    expect(
      withCounts.some(
        (b) => b.includesDeviceAndMeasurementCounts === true && Number(b.deviceCount) > 0,
      ),
    ).toBe(true);
    // Some buildings have no counts even when asked: real portfolios do.
    expect(withCounts.some((b) => b.includesDeviceAndMeasurementCounts === false)).toBe(true);
  });

  it("lists a building's spaces with their types, floor by floor, in pages", async () => {
    const { portfolio } = platform.emulator;
    // The tallest building: its spaces run over many pages and floors.
    const tower = portfolio.buildings.reduce((tallest, entry) =>
      portfolio.floorsOf(entry).length > portfolio.floorsOf(tallest).length ? entry : tallest,
    );
    const all = portfolio.floorsOf(tower).flatMap((floor) => floor.spaces);
    const read: Array<Record<string, unknown>> = [];
    for (let skip = 0; ; skip += 40) {
      const response = await authorized(
        `/api/Buildings/${tower.record.id}/Spaces?take=40&skip=${skip}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe(String(all.length));
      const page = (await response.json()) as Array<Record<string, unknown>>;
      read.push(...page);
      if (page.length < 40) break;
    }
    expect(read.map((space) => space.id)).toEqual(all.map((space) => space.id));
    expect(read.map((space) => space.ontologyType)).toEqual(all.map((space) => space.ontologyType));
    expect(new Set(read.map((space) => space.ontologyType))).toContain('Storage');
    const unknown = await authorized('/api/Buildings/00000000-0000-4000-8000-000000000000/Spaces');
    expect(unknown.status).toBe(404);
    // The specification shows no space records: the lean platform has no such list.
    const lean = await createEmulator({ variant: 'lean' });
    const address = await lean.listen();
    const leanToken = await accessToken(address);
    const refused = await fetch(`${address.baseUrl}/api/Buildings/${tower.record.id}/Spaces`, {
      headers: { authorization: `Bearer ${leanToken}`, 'x-api-version': '3.0' },
    });
    await lean.close();
    expect(refused.status).toBe(404);
  });

  it('answers 404 with an array of messages for an unknown building', async () => {
    const response = await authorized('/api/Buildings/00000000-0000-4000-8000-000000000000/Floors');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual([
      "Building with id '00000000-0000-4000-8000-000000000000' was not found.",
    ]);
  });
});

describe('emulator REST records carry every field with the right JSON type', () => {
  it('Building', async () => {
    const [building] = (await (
      await authorized('/api/Buildings?take=1&includeCounts=true')
    ).json()) as Array<Record<string, unknown>>;
    expect(
      Object.fromEntries(Object.entries(building!).map(([key, value]) => [key, typeOf(value)])),
    ).toEqual({
      id: 'string',
      name: 'string',
      referenceId: 'string',
      organizationId: 'string',
      organizationName: 'string',
      siteId: 'string',
      floorCount: 'number',
      spaceCount: 'number',
      deviceCount: 'number',
      measurementCount: 'number',
      includesDeviceAndMeasurementCounts: 'boolean',
      area: 'number',
      metadata: 'array',
    });
    expect(building!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(building!.siteId).toMatch(/^\d+$/);
  });

  /** The first building and its first floor, as the platform lists them. */
  const firstFloor = async () => {
    const [building] = (await (await authorized('/api/Buildings?take=1')).json()) as Array<{
      id: string;
    }>;
    const [floor] = (await (
      await authorized(`/api/Buildings/${building!.id}/Floors?take=1`)
    ).json()) as Array<Record<string, unknown>>;
    return { building: building!, floor: floor! };
  };

  it('Floor', async () => {
    const { building, floor } = await firstFloor();
    expect(Object.keys(floor!).sort()).toEqual(
      [
        'area',
        'buildingId',
        'deviceCount',
        'id',
        'includesDeviceAndMeasurementCounts',
        'measurementCount',
        'metadata',
        'name',
        'referenceId',
        'spaceCount',
      ].sort(),
    );
    expect(floor).toMatchObject({
      buildingId: building!.id,
      name: 'Level 0',
      referenceId: 'Level-0',
    });
  });

  it('Site', async () => {
    const [site] = (await (await authorized('/api/Sites?take=1')).json()) as Array<
      Record<string, unknown>
    >;
    expect(Object.keys(site!).sort()).toEqual(
      [
        'address',
        'area',
        'buildingCount',
        'city',
        'country',
        'id',
        'metadata',
        'name',
        'organizationId',
        'postalCode',
        'state',
        'timeSeriesRetentionSpan',
        'timezone',
      ].sort(),
    );
    expect(String(site!.timeSeriesRetentionSpan)).toMatch(/^\d+\.00:00:00$/);
  });

  it('Organization', async () => {
    const [organization] = (await (await authorized('/api/Organizations')).json()) as Array<
      Record<string, unknown>
    >;
    expect(Object.keys(organization!).sort()).toEqual(['id', 'metadata', 'name']);
  });

  it('Space', async () => {
    const { building, floor } = await firstFloor();
    const [space] = (await (
      await authorized(`/api/Floors/${String(floor!.id)}/Spaces?take=1`)
    ).json()) as Array<Record<string, unknown>>;
    expect(space).toMatchObject({
      floorId: floor!.id,
      buildingId: building!.id,
      commissionedOn: expect.stringMatching(/\+00:00$/),
    });
    expect(typeOf(space!.decommissionedOn)).toBe('null');
  });
});
