import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateBuildingName, plantedProblemAt } from '../../server/emulator/portfolio';
import { accessToken, startPlatform, type RunningPlatform } from './support/harness';

let platform: RunningPlatform;
let token: string;
beforeAll(async () => {
  platform = await startPlatform();
  token = await accessToken(platform.address);
});
afterAll(() => platform.close());

const specQuery =
  'query Outline($name: String) { buildings(where: {name: {eq: $name}}) { id name levels { name rooms { name } } } }';

async function graphql(body: unknown, headers: Record<string, string> = { authorization: token }) {
  const response = await fetch(`${platform.address.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: Array<{ message: string }>;
    },
  };
}

async function rest<T>(path: string): Promise<T> {
  const response = await fetch(`${platform.address.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
  });
  return (await response.json()) as T;
}

describe('emulator GraphQL', () => {
  it('answers the spec request: token alone, X-REQUEST-TYPE, X-Api-Version, name filter', async () => {
    const result = await graphql(
      { query: specQuery, variables: { name: 'Skyline Tower' } },
      { authorization: token, 'x-request-type': 'GraphQL', 'x-api-version': '3.0' },
    );
    expect(result.status).toBe(200);
    const buildings = result.body.data!.buildings as Array<{
      name: string;
      levels: Array<{ name: string; rooms: unknown[] }>;
    }>;
    expect(buildings).toHaveLength(1);
    expect(buildings[0]!.levels).toHaveLength(60);
    expect(Object.keys(buildings[0]!.levels[0]!)).toEqual(['name', 'rooms']);
  });

  it('accepts the token with "Bearer " too, and refuses no token or a bad one with 401', async () => {
    expect(
      (
        await graphql(
          { query: specQuery, variables: { name: 'x' } },
          { authorization: `Bearer ${token}` },
        )
      ).status,
    ).toBe(200);
    expect((await graphql({ query: specQuery, variables: { name: 'x' } }, {})).status).toBe(401);
    expect(
      (
        await graphql(
          { query: specQuery, variables: { name: 'x' } },
          { authorization: 'not-a-token' },
        )
      ).status,
    ).toBe(401);
  });

  it('answers introspection without a token, as the real service does', async () => {
    const result = await graphql({ query: '{ __schema { queryType { name } } }' }, {});
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('refuses an unsupported X-Api-Version but does not require one', async () => {
    expect(
      (
        await graphql(
          { query: specQuery, variables: { name: 'x' } },
          { authorization: token, 'x-api-version': '9.0' },
        )
      ).status,
    ).toBe(400);
    expect((await graphql({ query: specQuery, variables: { name: 'x' } })).status).toBe(200);
  });

  it('reports syntax, validation errors and mutations in a standard errors array with 400', async () => {
    for (const query of [
      '{ buildings { ',
      '{ buildings { nope } }',
      'mutation { deleteBuilding(id: "1") }',
    ]) {
      const result = await graphql({ query });
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0]?.message).toEqual(expect.any(String));
    }
  });

  it('supports HotChocolate filters and take/skip, returning plain arrays', async () => {
    const names = async (where: unknown, extra = '') => {
      const result = await graphql({
        query: `query($where: BuildingFilterInput) { buildings(where: $where${extra}) { name } }`,
        variables: { where },
      });
      return (result.body.data!.buildings as Array<{ name: string }>).map((b) => b.name);
    };
    expect(await names({ name: { eq: duplicateBuildingName } })).toEqual([
      duplicateBuildingName,
      duplicateBuildingName,
    ]);
    expect(await names({ name: { startsWith: 'Skyline' } })).toEqual([
      'Skyline Tower',
      'Skyline Tower 2',
    ]);
    expect(await names({ name: { contains: 'Foundry' } })).toEqual([
      'The "Foundry"',
      'The "Foundry" 2',
    ]);
    expect(await names({ name: { in: ['Skyline Tower', 'Nørrebro Lofts'] } })).toEqual([
      'Skyline Tower',
      'Nørrebro Lofts',
    ]);
    expect((await names({ name: { neq: 'Skyline Tower' } })).length).toBe(23);
    expect(
      await names({ or: [{ name: { eq: 'Skyline Tower' } }, { name: { eq: 'Nørrebro Lofts' } }] }),
    ).toEqual(['Skyline Tower', 'Nørrebro Lofts']);
    expect(
      await names({ and: [{ name: { startsWith: 'Harbour' } }, { name: { endsWith: 'View' } }] }),
    ).toEqual([duplicateBuildingName, duplicateBuildingName]);
    expect(await names(null, ', take: 2, skip: 1')).toHaveLength(2);
  });

  it('agrees with REST: same ids, levels equal floors, counts match levels and rooms', async () => {
    const buildings =
      await rest<Array<{ id: string; name: string; floorCount: number; spaceCount: number }>>(
        '/api/Buildings',
      );
    const result = await graphql({
      query: '{ buildings { id name levels { id name rooms { id } } } }',
    });
    const graph = result.body.data!.buildings as Array<{
      id: string;
      levels: Array<{ id: string; name: string; rooms: unknown[] }>;
    }>;
    expect(graph.map((b) => b.id)).toEqual(buildings.map((b) => b.id));
    // Except where the emulator plants a disagreement on purpose (docs/emulator.md).
    const planted = new Set(
      platform.emulator.portfolio.buildings
        .filter((entry) =>
          ['spaceCountOff', 'floorCountOff'].includes(plantedProblemAt(entry.index) ?? ''),
        )
        .map((entry) => entry.record.id),
    );
    expect(planted.size).toBe(2);
    for (const building of buildings.filter((candidate) => !planted.has(candidate.id))) {
      const match = graph.find((candidate) => candidate.id === building.id)!;
      expect(match.levels).toHaveLength(building.floorCount);
      expect(match.levels.reduce((sum, level) => sum + level.rooms.length, 0)).toBe(
        building.spaceCount,
      );
    }
    const sample = buildings[1]!;
    const floors = await rest<Array<{ id: string; name: string }>>(
      `/api/Buildings/${sample.id}/Floors`,
    );
    const levels = graph.find((candidate) => candidate.id === sample.id)!.levels;
    expect(levels.map((level) => [level.id, level.name])).toEqual(
      floors.map((floor) => [floor.id, floor.name]),
    );
  });

  it('serves root levels and rooms, Site.buildings and Building.rooms', async () => {
    const result = await graphql({
      query:
        '{ sites(take: 1) { id buildings { siteId rooms(take: 3) { levelId } } } levels(take: 2) { id } rooms(take: 2) { id } organizations { id } }',
    });
    expect(result.status).toBe(200);
    const data = result.body.data as {
      sites: Array<{ id: string; buildings: Array<{ siteId: string }> }>;
      levels: unknown[];
      rooms: unknown[];
    };
    expect(
      data.sites[0]!.buildings.every((building) => building.siteId === data.sites[0]!.id),
    ).toBe(true);
    expect(data.levels).toHaveLength(2);
    expect(data.rooms).toHaveLength(2);
  });
});

describe('emulator GraphQL search fields and schema modes', () => {
  it('finds rooms by part of their name across the portfolio, each with its level', async () => {
    const tower = platform.emulator.portfolio.buildings.find(
      (entry) => entry.record.floorCount >= 60,
    )!;
    const result = await graphql({
      query:
        'query Find($q: String!) { rooms(where: { name: { contains: $q } }, take: 5) { id name referenceId buildingId levelId area level { id name } } }',
      variables: { q: '2.09' },
    });
    expect(result.status).toBe(200);
    const rooms = result.body.data!.rooms as Array<{
      id: string;
      name: string;
      buildingId: string;
      levelId: string;
      level: { id: string; name: string };
    }>;
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.length).toBeLessThanOrEqual(5);
    for (const room of rooms) {
      expect(room.name).toContain('2.09');
      expect(room.level.id).toBe(room.levelId);
      // Every field is the room's own, as REST's Spaces show it.
      const record = platform.emulator.portfolio.spaceById(room.id)!;
      expect(room).toMatchObject({
        name: record.name,
        referenceId: record.referenceId,
        buildingId: record.buildingId,
        levelId: record.floorId,
        area: record.area,
      });
    }
    expect(rooms.some((room) => room.buildingId === tower.record.id) || rooms.length === 5).toBe(
      true,
    );
  });

  it('serves only the spec fields with EMULATOR_SCHEMA=spec', async () => {
    const spec = await startPlatform({ schema: 'spec' });
    try {
      const specToken = await accessToken(spec.address);
      const ask = async (query: string) => {
        const response = await fetch(`${spec.address.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: specToken },
          body: JSON.stringify({ query }),
        });
        return { status: response.status, body: (await response.json()) as { data?: unknown } };
      };
      const name = spec.emulator.portfolio.buildings[0]!.record.name!;
      const outline = await ask(
        `{ buildings(where: { name: { eq: ${JSON.stringify(name)} } }) { id name levels { name rooms { name } } } }`,
      );
      expect(outline.status).toBe(200);
      for (const query of [
        '{ rooms { id } }',
        '{ buildings { levels { id } } }',
        '{ buildings(where: { id: { eq: "x" } }) { id } }',
      ])
        expect((await ask(query)).status, query).toBe(400);
    } finally {
      await spec.close();
    }
  });
});
