import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import {
  csrf,
  noBuiltDashboard,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterEach(() => {
  platform.emulator.faults.reset();
  platform.emulator.requests.clear();
});
afterAll(() => platform.close());

describe('BFF security headers and CORS', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(platform.settings);
  });
  afterAll(() => bff.close());

  it('sends a CSP without inline script or style, framing denied, nosniff and a referrer policy', async () => {
    const response = await bff.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    // Nothing inline runs from an API answer; the dashboard's page adds its own nonce
    // (bff-answers.test.ts).
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self'");
    for (const url of ['/api/Sites', '/nowhere']) {
      const other = await bff.app.inject({ method: 'GET', url, headers: csrf });
      expect(other.headers['content-security-policy']).toBe(csp);
      expect(other.headers['x-frame-options']).toBe('DENY');
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('grants no CORS: a preflight from another origin gets no Access-Control headers', async () => {
    const response = await bff.app.inject({
      method: 'OPTIONS',
      url: '/api/Buildings',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-csrf',
      },
    });
    expect(
      Object.keys(response.headers).filter((name) => name.startsWith('access-control-')),
    ).toEqual([]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('BFF rate limit', () => {
  it('answers 429 with Retry-After as a problem once a client exceeds the limit', async () => {
    const bff = await startBff(platform.settings, { RATE_LIMIT_MAX: '3' });
    const statuses = [];
    for (let index = 0; index < 4; index++)
      statuses.push(await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf }));
    await bff.close();
    expect(statuses.map((response) => response.statusCode)).toEqual([200, 200, 200, 429]);
    const limited = statuses[3]!;
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('BFF shields the platform', () => {
  it('coalesces 100 concurrent identical reads into one platform call', async () => {
    const bff = await startBff(platform.settings, { METRICS_ON_MAIN_PORT: 'true' });
    await bff.app.inject({ method: 'GET', url: '/api/Sites?take=1', headers: csrf });
    platform.emulator.requests.clear();
    platform.emulator.faults.update({ latencyMs: 150 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        bff.app.inject({ method: 'GET', url: '/api/Buildings', headers: csrf }),
      ),
    );
    const metrics = (await bff.app.inject({ method: 'GET', url: '/metrics' })).body;
    await bff.close();
    expect(
      responses.every((response) => response.statusCode === 200 && response.json().length === 24),
    ).toBe(true);
    expect(platform.requests('rest')).toHaveLength(1);
    expect(metrics).toMatch(/storey_coalesced_requests_total 99/);
  });

  it('shares one platform call among identical GraphQL queries in flight, not among different ones', async () => {
    const bff = await startBff(platform.settings);
    await bff.app.inject({ method: 'GET', url: '/api/Sites?take=1', headers: csrf });
    platform.emulator.requests.clear();
    platform.emulator.faults.update({ latencyMs: 150 });
    const query = (name: string) =>
      bff.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload: {
          query:
            'query Outline($name: String!) { buildings(where: { name: { eq: $name } }) { id name } }',
          variables: { name },
        },
      });
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, () => query('Harbour View')),
      ...Array.from({ length: 50 }, () => query('Skyline Tower')),
    ]);
    await bff.close();
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(responses.slice(0, 50).map((response) => response.body)).size).toBe(1);
    expect(responses[0]!.json().data.buildings[0].name).toBe('Harbour View');
    expect(responses[99]!.body).not.toBe(responses[0]!.body);
    expect(platform.requests('graphql')).toHaveLength(2);
  });

  it('keeps answers for CACHE_TTL_SECONDS when asked to, and not by default', async () => {
    const cached = await startBff(platform.settings, { CACHE_TTL_SECONDS: '30' });
    await cached.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    await cached.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    await cached.close();
    expect(platform.requests('rest')).toHaveLength(1);
    platform.emulator.requests.clear();
    const uncached = await startBff(platform.settings);
    await uncached.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    await uncached.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    await uncached.close();
    expect(platform.requests('rest')).toHaveLength(2);
  });
});

describe('BFF operations', () => {
  it('reports alive, ready and Prometheus metrics', async () => {
    const bff = await startBff(platform.settings, { METRICS_ON_MAIN_PORT: 'true' });
    expect((await bff.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
    });
    expect((await bff.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
    });
    await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    // Refused for want of X-CSRF: counted once each, under their own status.
    for (let index = 0; index < 2; index++)
      expect((await bff.app.inject({ method: 'GET', url: '/api/Sites' })).statusCode).toBe(403);
    const metrics = (await bff.app.inject({ method: 'GET', url: '/metrics' })).body;
    await bff.close();
    expect(metrics).toMatch(/storey_responses_total\{status="403"\} 2\n/);
    expect(metrics).toMatch(/storey_token_requests_total\{outcome="ok"\} 1/);
    expect(metrics).toMatch(
      /storey_upstream_request_duration_seconds_count\{kind="rest",status="200"\} \d+/,
    );
    expect(metrics).toMatch(/storey_responses_total\{status="200"\} \d+/);
  });

  it('serves /metrics beside the API only when asked to, on loopback too', async () => {
    // A reverse proxy on the same host forwards every path to a Storey listening on loopback:
    // closed by default wherever Storey listens (security reviews of 2026-11-23 L5, 2026-11-27).
    for (const env of <Array<Record<string, string>>>[
      {},
      { HOST: '0.0.0.0', ALLOW_ANONYMOUS: 'true', ALLOW_INSECURE_HTTP: 'true' },
    ]) {
      const closed = await startBff(platform.settings, env);
      const answer = await closed.app.inject({ method: 'GET', url: '/metrics' });
      await closed.close();
      expect(answer.statusCode).not.toBe(200);
      expect(answer.body).not.toMatch(/storey_responses_total|nodejs_version_info/);
    }
  });

  it('logs JSON lines with a request id and neither the secret nor any token', async () => {
    const bff = await startBff(platform.settings);
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/Sites',
      headers: { ...csrf, authorization: 'Bearer browser-token-value' },
    });
    await bff.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: { query: '{ buildings(take: 1) { id } }' },
    });
    await bff.close();
    const token = platform.requests('rest')[0]!.headers.authorization!.replace('Bearer ', '');
    const logs = bff.logs.join('\n');
    expect(logs).toContain(String(response.headers['x-request-id']));
    expect(bff.logs.every((line) => JSON.parse(line))).toBeTruthy();
    for (const secret of [platform.settings.clientSecret, token, 'browser-token-value'])
      expect(logs).not.toContain(secret);
    expect(response.body).not.toContain(token);
  });

  it('finishes in-flight requests on shutdown', async () => {
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      STATIC_DIR: noBuiltDashboard,
    });
    const app = await buildApp({ config, platform: platform.settings });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    await fetch(`http://127.0.0.1:${address.port}/api/Sites`, { headers: csrf });
    platform.emulator.faults.update({ latencyMs: 300 });
    platform.emulator.requests.clear();
    const inFlight = fetch(`http://127.0.0.1:${address.port}/api/Buildings`, { headers: csrf });
    // Close only once the call has reached the platform, i.e. is really in flight.
    await vi.waitFor(() => expect(platform.requests('rest')).toHaveLength(1), {
      timeout: 5000,
      interval: 10,
    });
    await app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(24);
  });
});

describe('BFF serves the built dashboard', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'storey-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Storey</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(20_000))});`,
  );
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(platform.settings, { STATIC_DIR: dist });
  });
  afterAll(() => bff.close());

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers deep links with index.html, never cached', async () => {
    for (const url of ['/', '/buildings/abc/levels/2', '/sites?x=1']) {
      const response = await bff.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer unknown API paths or missing assets with the page', async () => {
    expect(
      (await bff.app.inject({ method: 'GET', url: '/api/Nope', headers: csrf })).statusCode,
    ).toBe(404);
    expect((await bff.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
  });
});
