import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());
afterEach(() => platform.emulator.requests.clear());

const outlineQuery =
  'query Outline($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }';

describe.each([
  ['token', (token: string) => token],
  ['bearer', (token: string) => `Bearer ${token}`],
])('BFF forwarding with PLATFORM_GRAPHQL_AUTH=%s', (mode, graphqlAuthorization) => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(platform.settings, { PLATFORM_GRAPHQL_AUTH: mode });
  });
  afterAll(() => bff.close());

  it('sends REST calls with exactly Bearer token, X-Api-Version and no browser credentials', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/Buildings?take=3&includeCounts=true',
      headers: { ...csrf, authorization: 'Bearer browser-supplied', cookie: 'session=abc' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('24');
    expect(response.json()).toHaveLength(3);
    const [call] = platform.requests('rest');
    expect(call).toMatchObject({
      method: 'GET',
      path: '/api/Buildings',
      query: { take: '3', includeCounts: 'true' },
    });
    expect(call!.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(call!.headers.authorization).not.toContain('browser-supplied');
    expect(call!.headers['x-api-version']).toBe('3.0');
    expect(call!.headers['x-request-type']).toBeUndefined();
  });

  it('sends GraphQL with the token in the configured form, X-REQUEST-TYPE, X-Api-Version and JSON', async () => {
    const response = await bff.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        ...csrf,
        'content-type': 'application/json',
        authorization: 'Bearer browser-supplied',
      },
      payload: {
        query: outlineQuery,
        variables: { name: 'Skyline Tower' },
        operationName: 'Outline',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.buildings[0].levels).toHaveLength(60);
    const rest = await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    expect(rest.statusCode).toBe(200);
    const token = platform.requests('rest').at(-1)!.headers.authorization!.replace('Bearer ', '');
    const [call] = platform.requests('graphql');
    expect(call!.headers).toEqual({
      authorization: graphqlAuthorization(token),
      'x-request-type': 'GraphQL',
      'x-api-version': '3.0',
      'content-type': 'application/json',
    });
    expect(call!.body).toEqual({
      query: outlineQuery,
      variables: { name: 'Skyline Tower' },
      operationName: 'Outline',
    });
  });
});

describe('BFF forwarding details', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(platform.settings, { PLATFORM_API_VERSION: '2.0' });
  });
  afterAll(() => bff.close());

  it('sends the configured API version and a query rebuilt from validated values', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/Buildings?siteId=100005&take=0010',
      headers: csrf,
    });
    expect(response.statusCode).toBe(200);
    const [call] = platform.requests('rest');
    expect(call!.headers['x-api-version']).toBe('2.0');
    expect(call!.query).toEqual({ siteId: '100005', take: '10' });
  });

  it('forwards floors of a building with the id encoded in the path', async () => {
    const id = platform.emulator.portfolio.buildings[1]!.record.id;
    const response = await bff.app.inject({
      method: 'GET',
      url: `/api/Buildings/${id}/Floors?take=2`,
      headers: csrf,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
    expect(platform.requests('rest')[0]!.path).toBe(`/api/Buildings/${id}/Floors`);
  });

  it('forwards the spaces of a floor, paged, with the id encoded in the path', async () => {
    const floor = platform.emulator.portfolio.floorsOf(
      platform.emulator.portfolio.buildings[1]!,
    )[0]!;
    const response = await bff.app.inject({
      method: 'GET',
      url: `/api/Floors/${floor.record.id}/Spaces?take=3&skip=1`,
      headers: csrf,
    });
    expect(response.statusCode).toBe(200);
    const spaces = response.json<Array<{ id: string; floorId: string; ontologyType: string }>>();
    expect(spaces.map((space) => space.id)).toEqual(
      floor.spaces.slice(1, 4).map((space) => space.id),
    );
    expect(spaces.every((space) => space.floorId === floor.record.id)).toBe(true);
    expect(platform.requests('rest')[0]!.path).toBe(`/api/Floors/${floor.record.id}/Spaces`);
    expect(platform.requests('rest')[0]!.query).toEqual({ take: '3', skip: '1' });
  });

  it('returns only allow-listed platform headers', async () => {
    const response = await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    const names = Object.keys(response.headers);
    expect(names).toContain('x-total-count');
    expect(names).not.toContain('www-authenticate');
    expect(names.filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});
