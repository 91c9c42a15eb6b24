/**
 * Abuse: rate limits per person and per address, sign-in attempts limited, slow requests cut,
 * oversized platform answers refused, and GraphQL documents and variables bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { graphqlLimits } from '../../server/routes/graphql-guard';
import { connect } from 'node:net';
import { bffWithPlatform, csrf, startBff, startPlatform } from './support/harness';
import { signInAs, startSignedInStorey, type SignedInStorey } from './support/sign-in';

describe('rate limits', () => {
  let running: SignedInStorey;
  beforeAll(async () => {
    running = await startSignedInStorey({ RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_MAX: '4' });
  });
  afterAll(() => running.close());

  it('counts API calls per signed-in person, not per address', async () => {
    const { url } = running.storey;
    const dana = (await signInAs(url, { username: 'dana' })).jar;
    const sam = (await signInAs(url, { username: 'sam' })).jar;
    const call = (jar: typeof dana) => jar.fetch(`${url}/api/Sites`, { headers: csrf });
    for (let index = 0; index < 3; index++) expect((await call(dana)).status).toBe(200);
    const limited = await call(dana);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    // When to come back, in seconds: the browser waits that long instead of retrying at once.
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Sam shares Dana's address but has a budget of his own.
    expect((await call(sam)).status).toBe(200);
  });

  it('limits sign-in callbacks per address, and strangers there cannot lock a person out', async () => {
    const { url } = running.storey;
    // /auth/login only redirects to the provider: never counted, so never refused (review L2).
    for (let index = 0; index < 8; index++)
      expect((await fetch(`${url}/auth/login?returnTo=/`, { redirect: 'manual' })).status).toBe(
        302,
      );
    // Callbacks nobody started, from this address, are limited…
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++)
      statuses.push(
        (await fetch(`${url}/auth/callback?code=x&state=y`, { redirect: 'manual' })).status,
      );
    expect(statuses).toContain(429);
    const limited = await fetch(`${url}/auth/callback?code=x&state=y`, { redirect: 'manual' });
    expect(((await limited.json()) as { detail: string }).detail).toContain('sign-in attempts');
    // …while a person at the same address signs in: their sign-in has its own bucket.
    const { landed } = await signInAs(url);
    expect(landed).toBe(`${url}/`);
  });
});

describe('addresses behind a proxy (TRUST_PROXY)', () => {
  it('keys limits by X-Forwarded-For only when the proxy is trusted', async () => {
    const platform = await startPlatform();
    const signIn = {
      provider: {
        issuer: 'http://127.0.0.1:9/unreachable',
        clientId: 'storey',
        clientSecret: 'x',
        allowedDomains: [],
        allowedGroups: [],
      },
      publicUrl: 'http://127.0.0.1:8080',
    };
    const attempts = async (bff: Awaited<ReturnType<typeof startBff>>, address: string) =>
      (
        await bff.app.inject({
          method: 'GET',
          url: '/auth/callback',
          headers: { 'x-forwarded-for': address },
        })
      ).statusCode;
    const trusted = await startBff(
      platform.settings,
      { AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'true' },
      { signIn },
    );
    const untrusted = await startBff(platform.settings, { AUTH_RATE_LIMIT_MAX: '2' }, { signIn });
    try {
      for (const bff of [trusted, untrusted]) {
        expect(await attempts(bff, '203.0.113.1')).toBe(400);
        expect(await attempts(bff, '203.0.113.1')).toBe(400);
        expect(await attempts(bff, '203.0.113.1')).toBe(429);
      }
      expect(await attempts(trusted, '203.0.113.2')).toBe(400);
      expect(await attempts(untrusted, '203.0.113.2')).toBe(429);
    } finally {
      await trusted.close();
      await untrusted.close();
      await platform.close();
    }
  });
});

describe('slow and oversized traffic', () => {
  it('cuts a request whose body trickles in, within the request timeout', async () => {
    // The default cuts a body trickling in (say a byte every 5 s) well within 30 s.
    expect(loadConfig({}).requestTimeoutMs).toBe(20_000);
    const running = await startSignedInStorey({ REQUEST_TIMEOUT_MS: '1000' });
    const { hostname, port } = new URL(running.storey.url);
    // Signed in, so the request passes every gate and Storey starts reading its body.
    const { jar } = await signInAs(running.storey.url);
    const cookie = `storey-session=${jar.get(running.storey.url, 'storey-session')!}`;
    try {
      const started = performance.now();
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-CSRF: 1\r\nCookie: ${cookie}\r\n\r\n`,
          );
          const drip = setInterval(() => socket.writable && socket.write('{'), 200);
          socket.once('close', () => clearInterval(drip));
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // Cut after about a second of trickling, not after the whole body (200 s at this pace).
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await running.close();
    }
  });

  it('refuses a platform answer larger than PLATFORM_MAX_ANSWER_BYTES with a 502, not a held buffer', async () => {
    const platform = await startPlatform({ buildings: 300 });
    const bff = await startBff(platform.settings, { PLATFORM_MAX_ANSWER_BYTES: '20000' });
    try {
      const big = await bff.app.inject({
        method: 'GET',
        url: '/api/Buildings?take=300',
        headers: csrf,
      });
      expect(big.statusCode).toBe(502);
      expect(big.json().detail).toContain('larger than');
      const small = await bff.app.inject({
        method: 'GET',
        url: '/api/Buildings?take=5',
        headers: csrf,
      });
      expect(small.statusCode).toBe(200);
    } finally {
      await bff.close();
      await platform.close();
    }
    expect(loadConfig({}).maxAnswerBytes).toBe(8 * 1024 * 1024);
  });
});

describe('GraphQL documents and variables are bounded', () => {
  const context = bffWithPlatform();
  const post = (body: unknown) =>
    context.bff.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const graphqlRequests = () => context.platform.requests('graphql');

  it.each([
    ['__schema', '{ __schema { types { name } } }'],
    ['__type', '{ __type(name: "Room") { fields { name } } }'],
    [
      '__schema in a fragment',
      'query { ...F } fragment F on Query { __schema { queryType { name } } }',
    ],
    ['__type under a field', '{ buildings { id __type(name: "Building") { name } } }'],
  ])('refuses introspection (%s)', async (_label, query) => {
    const before = graphqlRequests().length;
    const answer = await post({ query });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain('introspection');
    expect(graphqlRequests().length).toBe(before);
  });

  it('lets __typename through (clients use it to cache)', async () => {
    const answer = await post({ query: '{ buildings { __typename id } }' });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses more fields than the limit', async () => {
    const fields = Array.from({ length: graphqlLimits.fields + 1 }, (_, index) => `f${index}: id`);
    // Aliases are limited too; spread the fields over nested selections to test the count alone.
    const query = `{ buildings { ${Array.from({ length: graphqlLimits.fields + 1 }, () => 'id').join(' ')} } }`;
    expect(fields.length).toBeGreaterThan(graphqlLimits.fields);
    const answer = await post({ query });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toMatch(/fields/);
  });

  it('refuses more directives than the limit', async () => {
    const directives = Array.from(
      { length: graphqlLimits.directives + 1 },
      () => '@include(if: true)',
    ).join(' ');
    const answer = await post({ query: `{ buildings { id ${directives} } }` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toMatch(/[Dd]irective/);
  });

  it('refuses a document over the cost limit', async () => {
    const nested = (depth: number): string =>
      depth === 0 ? 'id' : `levels { rooms { ${nested(depth - 1)} } }`;
    const wide = Array.from({ length: 12 }, () => `buildings { ${nested(4)} }`).join(' ');
    const answer = await post({ query: `{ ${wide} }` });
    expect(answer.statusCode).toBe(400);
  });

  it('answers 400, not 500, to variables 20,000 levels deep, and to variables too large', async () => {
    const deep = `{"query":"{ buildings { id } }","variables":{"v":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const answer = await post(deep);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    const large = await post({
      query: '{ buildings { id } }',
      variables: { padding: 'x'.repeat(graphqlLimits.variablesBytes + 1) },
    });
    expect(large.statusCode).toBe(400);
    expect(large.json().detail).toContain('too large');
  });
});

describe('GraphQL root fields', () => {
  const context = bffWithPlatform();
  it.each(['sites', 'organizations', 'equipment'])(
    'refuses %s, which the dashboard never queries, before the platform sees it',
    async (field) => {
      const before = context.platform.requests('graphql').length;
      const answer = await context.bff.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: `{ ${field} { id } }` }),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toContain(`does not forward ${field}`);
      expect(context.platform.requests('graphql').length).toBe(before);
    },
  );

  it('refuses them through a fragment spread too, and lets buildings, levels and rooms through', async () => {
    const post = (query: string) =>
      context.bff.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ query }),
      });
    expect((await post('query { ...F } fragment F on Query { sites { id } }')).statusCode).toBe(
      400,
    );
    expect(
      (await post('{ buildings(take: 1) { id } levels(take: 1) { id } rooms(take: 1) { id } }'))
        .statusCode,
    ).toBe(200);
  });
});
