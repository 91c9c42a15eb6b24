import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, bffWithPlatform } from './support/harness';

const setup = bffWithPlatform();
afterEach(() => {
  // Nothing refused by the BFF may reach the platform: not even a token request.
  expect(setup.platform.requests().filter((entry) => entry.kind !== 'token')).toEqual([]);
  setup.platform.emulator.requests.clear();
});

async function expectRefused(request: InjectOptions, status: number) {
  const response = await setup.bff.app.inject(request);
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ status, detail: expect.any(String) });
  return response;
}

const get = (url: string, headers: Record<string, string> = csrf) => ({
  method: 'GET' as const,
  url,
  headers,
});
const graphql = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/graphql',
  headers: { ...csrf, 'content-type': 'application/json', ...headers },
  payload: payload as InjectOptions['payload'],
});

describe('BFF refuses, without calling the platform', () => {
  it('API calls without X-CSRF: 1', async () => {
    await expectRefused(get('/api/Buildings', {}), 403);
    await expectRefused(get('/api/Buildings', { 'x-csrf': 'yes' }), 403);
    await expectRefused(
      {
        ...graphql({ query: '{ buildings { id } }' }),
        headers: { 'content-type': 'application/json' },
      },
      403,
    );
  });

  it.each([
    ['an encoded dot-dot-slash', '/api/Buildings/..%2f..%2fSites/Floors', 404],
    ['an encoded slash', '/api/Buildings/abc%2Fdef/Floors', 404],
    ['a dot segment', '/api/Buildings/./Floors', 404],
    ['an over-long id', `/api/Buildings/${'a'.repeat(65)}/Floors`, 400],
    ['an id with other characters', '/api/Buildings/abc%20def/Floors', 400],
    ['an unknown path under /api', '/api/Organizations', 404],
    ['a deeper path', '/api/Buildings/abc/Floors/extra', 404],
    ['a malformed percent-encoding', '/api/Buildings/%E0%A4%A/Floors', 400],
    ['an encoded slash in a floor id', '/api/Floors/abc%2Fdef/Spaces', 404],
    ['a floor id with other characters', '/api/Floors/abc%20def/Spaces', 400],
    ['a parameter the spaces route does not take', '/api/Floors/abc/Spaces?siteId=1', 400],
    ['a write to the spaces route', '/api/Floors/abc/Spaces', 405, 'POST'],
  ])('%s', async (_case, url, status, method = 'GET') => {
    await expectRefused({ ...get(url), method: method as InjectOptions['method'] }, status);
  });

  it.each([
    ['an unknown parameter', '/api/Buildings?foo=1'],
    ['a parameter the route does not take', '/api/Sites?siteId=1'],
    ['a repeated parameter', '/api/Buildings?take=1&take=2'],
    ['take above 5000', '/api/Buildings?take=5001'],
    ['take of 0', '/api/Buildings?take=0'],
    ['a negative skip', '/api/Buildings?skip=-1'],
    ['includeCounts that is not true/false', '/api/Buildings?includeCounts=1'],
    ['a siteId with odd characters', '/api/Buildings?siteId=%27%3B--'],
  ])('%s', async (_case, url) => {
    await expectRefused(get(url), 400);
  });

  it('other methods with 405 and an Allow header', async () => {
    const response = await expectRefused(
      { method: 'DELETE' as const, url: '/api/Buildings', headers: csrf },
      405,
    );
    expect(response.headers.allow).toBe('GET');
    expect(
      (await expectRefused({ method: 'GET' as const, url: '/graphql', headers: csrf }, 405)).headers
        .allow,
    ).toBe('POST');
  });

  it.each([
    ['a mutation', { query: 'mutation { deleteBuilding(id: "x") { id } }' }],
    ['a subscription', { query: 'subscription { buildings { id } }' }],
    [
      'a query beside a mutation',
      { query: 'query A { buildings { id } } mutation B { x }', operationName: 'A' },
    ],
    ['a document that does not parse', { query: '{ buildings { ' }],
    ['an empty query', { query: '' }],
    ['a missing query', { variables: {} }],
    ['variables that are not an object', { query: '{ buildings { id } }', variables: [1, 2] }],
    ['an unknown body field', { query: '{ buildings { id } }', extra: true }],
    ['two anonymous operations', { query: '{ a } { b }' }],
    [
      'an operationName that is not in the document',
      { query: 'query A { buildings { id } }', operationName: 'B' },
    ],
    ['a query deeper than the limit', { query: `{ ${'a { '.repeat(12)}b${' }'.repeat(12)} }` }],
    [
      'too many aliases',
      { query: `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: buildings { id }`).join(' ')} }` },
    ],
    [
      'a fragment cycle',
      { query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }' },
    ],
    ['too many tokens', { query: `{ buildings { ${'id '.repeat(6000)} } }` }],
    [
      "lists nested in lists (the review's 17-second query)",
      {
        query:
          '{ buildings { levels { rooms { level { rooms { level { rooms { level { rooms { id } } } } } } } } } }',
      },
    ],
    [
      "the whole portfolio's rooms through its buildings",
      { query: '{ buildings { levels { rooms { id } } } }' },
    ],
    ['a take beyond the cap', { query: '{ rooms(take: 2000000000) { id } }' }],
    [
      'a take beyond the cap, as a variable',
      { query: 'query Q($n: Int!) { rooms(take: $n) { id } }', variables: { n: 1001 } },
    ],
    [
      'a take that is not a number',
      { query: 'query Q($n: Int!) { rooms(take: $n) { id } }', variables: { n: '5' } },
    ],
    [
      'fan-out hidden in fragments',
      {
        query:
          '{ buildings { ...L } } fragment L on Building { levels { ...R } } fragment R on Level { rooms { level { rooms { id } } } }',
      },
    ],
  ])('GraphQL: %s', async (_case, payload) => {
    await expectRefused(graphql(payload), 400);
  });

  it('GraphQL: the 17-second fan-out is refused at once, naming what to do', async () => {
    const response = await expectRefused(
      graphql({
        query:
          '{ buildings { levels { rooms { level { rooms { level { rooms { level { rooms { id } } } } } } } } } }',
      }),
      400,
    );
    // Refused from the document alone: no platform call (afterEach).
    expect(response.json().detail).toMatch(/more than 1,000,000 objects.*take or a filter/);
  });

  it('GraphQL: the same refused document every time it comes (verdicts are remembered, not skipped)', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await expectRefused(
        graphql({ query: 'mutation Again { deleteBuilding(id: "x") { id } }' }),
        400,
      );
      expect(response.json().detail).toContain('mutation');
    }
  });

  it('GraphQL: a body over 64 KB', async () => {
    await expectRefused(
      graphql({ query: '{ buildings { id } }', variables: { padding: 'x'.repeat(70 * 1024) } }),
      413,
    );
  });

  it('GraphQL: invalid JSON and other content types', async () => {
    await expectRefused({ ...graphql('{"query": '), payload: '{"query": ' }, 400);
    await expectRefused(
      {
        method: 'POST' as const,
        url: '/graphql',
        headers: { ...csrf, 'content-type': 'text/plain' },
        payload: 'query { x }',
      },
      415,
    );
  });
});
