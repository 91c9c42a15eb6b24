import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, startPlatform, type RunningBff, type RunningPlatform } from './support/harness';

let platform: RunningPlatform;
let bff: RunningBff;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'storey-hostile-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Storey</title>');
  platform = await startPlatform();
  bff = await startBff(platform.settings, { STATIC_DIR: dist, RATE_LIMIT_MAX: '100000000' });
});
afterAll(async () => {
  await bff.close();
  await platform.close();
});

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'Buildings',
    'Sites',
    'Floors',
    'graphql',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%2f..%2f',
    '%00',
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '~',
    'Organizations',
    'assets',
    'index.html',
  ),
  fc.string({ maxLength: 80 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/),
);
const hostilePath = fc.oneof(
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc
    .tuple(
      fc.constantFrom('/api/Buildings/', '/api/Buildings/x/', '/api/'),
      segment,
      fc.constantFrom('/Floors', '', '/Floors/', '/floors'),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom('/api/Buildings', '/api/Sites', '/graphql', '/healthz', '/readyz', '/'),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom('true', 'false', '5001', '-1', '0', '1e3', '0x10', ' 1', '1 '),
);
const hostileQuery = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'take',
          'skip',
          'siteId',
          'includeCounts',
          'TAKE',
          'foo',
          '__proto__',
          'constructor',
          'take[]',
        ),
        queryValue,
      ),
      { maxLength: 4 },
    )
    .map(
      (pairs) =>
        `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`,
    ),
  fc.string({ maxLength: 60 }).map((raw) => `?${raw.replace(/[#\s]/g, '')}`),
);
const header = fc.tuple(
  fc
    .stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
    .filter(
      (name) =>
        !['content-length', 'transfer-encoding', 'host', 'connection', 'content-type'].includes(
          name,
        ),
    ),
  fc.string({ maxLength: 200 }).map((value) => value.replace(/[^\x20-\x7e]/g, 'x')),
);

function nested(depth: number): string {
  return `{ ${'buildings { levels { '.repeat(depth)}name${' } }'.repeat(depth)} }`;
}
const graphqlBody = fc.oneof(
  fc
    .record({
      query: fc.constantFrom(
        '{ buildings { id } }',
        'query Q($n: String!) { buildings(where: { name: { eq: $n } }) { id } }',
      ),
      variables: fc.option(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 })),
        { nil: undefined },
      ),
    })
    .map((body) => JSON.stringify(body)),
  fc.integer({ min: 1, max: 3000 }).map((depth) => JSON.stringify({ query: nested(depth) })),
  fc
    // Below and above the 8 KB variables limit and the 64 KB body limit.
    .oneof(fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 6000, max: 120_000 }))
    .map((size) =>
      JSON.stringify({ query: '{ buildings { id } }', variables: { padding: 'x'.repeat(size) } }),
    ),
  fc
    .constantFrom(
      'mutation { x }',
      'subscription { x }',
      '{ a: buildings { id } b: buildings { id } }',
    )
    .map((query) => JSON.stringify({ query })),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 300 }),
  fc.integer({ min: 1, max: 2000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);
const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 200 })
  .map((bytes) =>
    Buffer.concat([
      Buffer.from('{"query":"'),
      Buffer.from(bytes),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}'),
    ]),
  );

const hostileRequest = fc.record({
  method: fc.constantFrom(
    'GET',
    'GET',
    'GET',
    'POST',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'OPTIONS',
    'HEAD',
  ) as fc.Arbitrary<InjectOptions['method']>,
  url: fc.tuple(hostilePath, hostileQuery).map(([pathPart, query]) => `${pathPart}${query}`),
  csrf: fc.constantFrom('1', '1', '1', '0', undefined),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/graphql',
    undefined,
  ),
  headers: fc.array(header, { maxLength: 4 }),
  body: fc.oneof(graphqlBody, invalidUtf8, fc.constant(undefined)),
});

type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer R> ? R : never;

async function send(request: HostileRequest) {
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (request.csrf !== undefined) headers['x-csrf'] = request.csrf;
  if (request.contentType !== undefined && request.body !== undefined)
    headers['content-type'] = request.contentType;
  const hasBody =
    request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  const before = platform.emulator.requests.list().filter((entry) => entry.kind !== 'token').length;
  const response = await bff.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(hasBody ? { payload: request.body } : {}),
  });
  const reachedPlatform =
    platform.emulator.requests.list().filter((entry) => entry.kind !== 'token').length > before;
  return { response, reachedPlatform };
}

describe('BFF under hostile input (property-based)', () => {
  it('never fails by itself, answers every refusal with a problem document, and lets nothing refused through', async () => {
    const seen = { requests: 0, forwarded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        seen.requests += 1;
        const { response, reachedPlatform } = await send(request);
        if (reachedPlatform) seen.forwarded += 1;
        if (!reachedPlatform && response.statusCode >= 400) seen.refused += 1;
        // With a healthy platform behind it, any 5xx would be the BFF's own failure.
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const graphqlPassThrough =
            reachedPlatform && request.url.startsWith('/graphql') && response.statusCode === 400;
          if (!graphqlPassThrough) {
            expect(response.headers['content-type']).toContain('application/problem+json');
            // Refused by the BFF: the platform saw nothing. (A 4xx from the platform itself, like an unknown building, did reach it.)
            const platformAnswered =
              reachedPlatform && /^\/api\/Buildings\/[A-Za-z0-9_-]+\/Floors/.test(request.url);
            if (!platformAnswered)
              expect(
                reachedPlatform,
                `${request.method} ${request.url} → ${response.statusCode}`,
              ).toBe(false);
          }
        }
      }),
      { numRuns: 10_000, seed: Number(process.env.FC_SEED ?? 20261122) },
    );
    // The generator must reach both sides of the gate, or the property would hold vacuously.
    expect(seen.requests).toBeGreaterThanOrEqual(10_000);
    // (/readyz reuses its verdict for 5 s, so it no longer reaches the platform on every call.)
    expect(seen.forwarded).toBeGreaterThan(120);
    expect(seen.refused).toBeGreaterThan(3000);
    expect((await bff.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 240_000);
});
