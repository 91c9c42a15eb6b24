/**
 * No path to the data without a session. Every request here is written byte for byte to a
 * listening Storey with sign-in on (fetch and inject() would normalise the very tricks under
 * test), and none may return data or reach the platform: the gates follow the route the router
 * matched, however the path was spelled.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from './support/raw-http';
import { signInAs, startSignedInStorey, type SignedInStorey } from './support/sign-in';

let running: SignedInStorey;
let sessionCookie: string;
let floorsPath: string;
beforeAll(async () => {
  running = await startSignedInStorey();
  floorsPath = `/api/Buildings/${running.platform.emulator.portfolio.buildings[0]!.record.id}/Floors`;
  const { jar } = await signInAs(running.storey.url);
  sessionCookie = `storey-session=${jar.get(running.storey.url, 'storey-session')!}`;
  // The capability probe Storey starts at listen reads a little data of its own; let it finish.
  await running.storey.app.capabilities.current();
  running.platform.emulator.requests.clear();
});
afterAll(() => running.close());
afterEach(() => running.platform.emulator.requests.clear());

/** Calls that read data (not the token, nor the BFF's own capability probe). */
const dataRequests = () =>
  running.platform.emulator.requests
    .list()
    .filter((entry) => entry.kind !== 'token' && entry.kind !== 'introspection');

const hex = (character: string) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`;

/** Every spelling of `path` a router might match to the same route, and some it should not. */
export function spellings(path: string, host: string): string[] {
  const segments = path.split('/').slice(1);
  const variants = new Set<string>();
  // Each letter of each segment percent-encoded on its own, upper- and lower-case hex.
  segments.forEach((segment, index) => {
    [...segment].forEach((character, position) => {
      const encoded = `${segment.slice(0, position)}${hex(character)}${segment.slice(position + 1)}`;
      const parts = [...segments];
      parts[index] = encoded;
      variants.add(`/${parts.join('/')}`);
      parts[index] =
        encoded.toLowerCase() === encoded
          ? encoded
          : encoded.replace(/%[0-9A-F]{2}/, (escape) => escape.toLowerCase());
      variants.add(`/${parts.join('/')}`);
    });
  });
  const allEncoded = `/${segments.map((segment) => [...segment].map(hex).join('')).join('/')}`;
  const doubleEncoded = allEncoded.replace(/%/g, '%25');
  for (const variant of [
    path,
    allEncoded,
    doubleEncoded,
    path.toUpperCase(),
    path.toLowerCase(),
    `/${segments.map((segment) => segment[0]!.toUpperCase() + segment.slice(1).toLowerCase()).join('/')}`,
    `/${path}`,
    `${path}/`,
    `${path}//`,
    path.replace(/\//g, '//'),
    `/./${path.slice(1)}`,
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    `/%2e${path}`,
    path.replace(/\/([^/]+)$/, '/./$1'),
    path.replace(/\/([^/]+)$/, '/x/../$1'),
    path.replace(/\/([^/]+)$/, '%2F$1'),
    path.replace(/\//g, '\\'),
    `${path};x=1`,
    `${path}%00`,
    `${path}%20`,
    `${path}?`,
    `${path}#`,
    `http://${host}${path}`,
    `HTTP://${host}${allEncoded}`,
    `https://evil.example${path}`,
    `//${host}${path}`,
  ])
    variants.add(variant);
  return [...variants];
}

/** Data is a successful JSON answer; anything else (a problem, the dashboard's HTML) is not. */
function isData(answer: RawAnswer): boolean {
  return (
    answer.status >= 200 &&
    answer.status < 300 &&
    /json/.test(answer.headers['content-type'] ?? '') &&
    !/problem/.test(answer.headers['content-type'] ?? '')
  );
}

const introspection = JSON.stringify({
  query: '{ __schema { types { name } } buildings { id name } }',
});
const plainQuery = JSON.stringify({ query: '{ buildings { id name } }' });

describe('no path to the data without a session', () => {
  const targets = [
    { method: 'GET', path: '/api/Sites' },
    { method: 'GET', path: '/api/Buildings' },
    { method: 'GET', path: '/api/capabilities' },
    { method: 'GET', path: '/api/Buildings/{id}/Floors' },
    { method: 'POST', path: '/graphql', body: plainQuery },
    { method: 'POST', path: '/graphql', body: introspection },
  ];

  it.each(targets)(
    '$method $path in every spelling: no data, nothing forwarded, without a session',
    async ({ method, path, body }) => {
      const host = new URL(running.storey.url).host;
      const headerSets: Array<Record<string, string>> = [{}, { 'x-csrf': '1' }];
      let tried = 0;
      for (const target of spellings(
        path.replace('/api/Buildings/{id}/Floors', floorsPath),
        host,
      )) {
        for (const headers of headerSets) {
          const answer = await rawRequest(
            running.storey.url,
            method,
            target,
            { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            body,
          );
          tried += 1;
          expect(
            isData(answer),
            `${method} ${target} ${JSON.stringify(headers)} → ${answer.status}`,
          ).toBe(false);
          expect(answer.status, `${method} ${target}`).not.toBe(500);
        }
      }
      expect(dataRequests()).toEqual([]);
      expect(tried).toBeGreaterThan(40);
    },
  );

  it('refuses request targets that do not start with "/" with a 400 problem', async () => {
    const host = new URL(running.storey.url).host;
    for (const target of [`http://${host}/api/Sites`, `http://x/%61pi/Sites`, '*']) {
      const answer = await rawRequest(running.storey.url, 'GET', target, {
        'x-csrf': '1',
        cookie: sessionCookie,
      });
      expect(answer.status, target).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
    expect(dataRequests()).toEqual([]);
  });

  it('with a session, still refuses every spelling of the API without X-CSRF', async () => {
    const host = new URL(running.storey.url).host;
    for (const target of spellings('/api/Sites', host)) {
      const answer = await rawRequest(running.storey.url, 'GET', target, { cookie: sessionCookie });
      expect(isData(answer), `GET ${target} → ${answer.status}`).toBe(false);
    }
    expect(dataRequests()).toEqual([]);
  });

  it('signs nobody out without X-CSRF, however /auth/logout is spelled', async () => {
    const host = new URL(running.storey.url).host;
    const { jar } = await signInAs(running.storey.url);
    const cookie = `storey-session=${jar.get(running.storey.url, 'storey-session')!}`;
    for (const target of spellings('/auth/logout', host)) {
      const answer = await rawRequest(running.storey.url, 'POST', target, { cookie });
      expect(answer.status, `POST ${target}`).not.toBe(200);
      expect(answer.headers['set-cookie'] ?? '', `POST ${target}`).not.toMatch(/storey-session=;/);
    }
    // The session is still alive: nothing above ended it.
    const still = await rawRequest(running.storey.url, 'GET', '/api/Sites', {
      cookie,
      'x-csrf': '1',
    });
    expect(still.status).toBe(200);
  });

  it('answers the canonical paths with data once signed in (so the refusals above mean something)', async () => {
    for (const target of ['/api/Sites', '/%61pi/Sites', floorsPath]) {
      const answer = await rawRequest(running.storey.url, 'GET', target, {
        cookie: sessionCookie,
        'x-csrf': '1',
      });
      expect(isData(answer), target).toBe(true);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const graphql = await rawRequest(
      running.storey.url,
      'POST',
      '/%67raphql',
      { cookie: sessionCookie, 'x-csrf': '1', 'content-type': 'application/json' },
      plainQuery,
    );
    expect(isData(graphql)).toBe(true);
  });

  it('keeps unknown API paths a 401 without a session and a 404 problem with one', async () => {
    const without = await rawRequest(running.storey.url, 'GET', '/%61pi/Organizations', {
      'x-csrf': '1',
    });
    expect(without.status).toBe(401);
    const withSession = await rawRequest(running.storey.url, 'GET', '/%61pi/Organizations', {
      'x-csrf': '1',
      cookie: sessionCookie,
    });
    expect(withSession.status).toBe(404);
    expect(withSession.headers['content-type']).toContain('application/problem+json');
  });
});
