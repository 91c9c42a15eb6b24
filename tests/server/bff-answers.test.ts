/**
 * What Storey's answers carry and what its logs keep: no-store on the API whatever the platform
 * says, platform error texts capped and scrubbed, sign-in secrets out of logs, /metrics on its own
 * port when asked, readiness verdicts reused, HSTS only over HTTPS, a CSP nonce for the styles.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { guardedScope } from '../../server/http/guarded-scope';
import { maxRelayedMessageLength, scrubPlatformMessage } from '../../server/http/relay';
import { routePreloadsFile } from '../../server/http/route-preloads';
import { loggableUrl } from '../../server/http/server-options';
import { readinessCacheMs } from '../../server/routes/operations';
import { cspNoncePlaceholder } from '../../server/routes/spa';
import { startStorey } from '../../server/server';
import { createManualClock } from '../support/manual-clock';
import { csrf, platformVariables, startBff, startPlatform } from './support/harness';
import { rawRequest } from './support/raw-http';
import { bffAlone, quietStorey } from './support/sign-in';

describe('API answers are never cached', () => {
  it('sends Cache-Control: no-store from the guarded scope whatever a route or the platform set', async () => {
    const app = Fastify();
    await app.register(async (scope) => {
      await scope.register(guardedScope, {
        rateLimit: { max: 100, windowMs: 60_000 },
        redis: undefined,
      });
      scope.get('/api/cacheable', async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .header('etag', '"abc"')
          .header('expires', 'Thu, 01 Jan 2099 00:00:00 GMT')
          .send({ ok: true }),
      );
    });
    const answer = await app.inject({ method: 'GET', url: '/api/cacheable', headers: csrf });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers.expires).toBeUndefined();
    await app.close();
  });
});

describe("the platform's error texts", () => {
  it('are scrubbed of anything shaped like a token and capped', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXN0cmluZw';
    expect(scrubPlatformMessage(`token ${jwt} refused`)).toBe('token [redacted] refused');
    expect(scrubPlatformMessage('Authorization: Bearer abc.def')).toBe('Authorization: [redacted]');
    expect(scrubPlatformMessage(`key ${'A1b2'.repeat(12)} unknown`)).toBe('key [redacted] unknown');
    // Ids (UUIDs, numbers) stay readable.
    expect(
      scrubPlatformMessage(
        "Building with id 'e50a05ee-e83e-4da1-ab35-36c9759992a3' was not found.",
      ),
    ).toContain('e50a05ee-e83e-4da1-ab35-36c9759992a3');
    const long = scrubPlatformMessage('word '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(maxRelayedMessageLength);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reach the browser scrubbed when the platform echoes what it was sent', async () => {
    const platform = await startPlatform();
    const bff = await startBff(platform.settings);
    try {
      const tokenLike = 'x'.repeat(20) + 'Y'.repeat(30);
      const answer = await bff.app.inject({
        method: 'GET',
        url: `/api/Buildings/${tokenLike}/Floors`,
        headers: csrf,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(tokenLike);
      expect(answer.json().detail).toContain('[redacted]');
    } finally {
      await bff.close();
      await platform.close();
    }
  });
});

describe('logs', () => {
  it('never keep the sign-in callback’s code or state', async () => {
    expect(loggableUrl('/auth/callback?code=abc&state=def&iss=x')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&iss=x',
    );
    const platform = await startPlatform();
    const bff = await startBff(
      platform.settings,
      {},
      {
        signIn: {
          provider: {
            issuer: 'http://127.0.0.1:9/x',
            clientId: 'c',
            clientSecret: 's',
            allowedDomains: [],
            allowedGroups: [],
          },
          publicUrl: 'http://127.0.0.1:8080',
        },
      },
    );
    try {
      await bff.app.inject({
        method: 'GET',
        url: '/auth/callback?code=CODE-SECRET-123&state=STATE-SECRET-456',
      });
      const logs = bff.logs.join('\n');
      expect(logs).toContain('/auth/callback?code=[redacted]');
      expect(logs).not.toContain('CODE-SECRET-123');
      expect(logs).not.toContain('STATE-SECRET-456');
    } finally {
      await bff.close();
      await platform.close();
    }
  });
});

describe('operations endpoints', () => {
  it('serves /metrics on METRICS_PORT only, when it is set', async () => {
    const storey = await startStorey({ ...quietStorey, METRICS_PORT: '0' }, bffAlone);
    try {
      expect(storey.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const metrics = await fetch(storey.metricsUrl!);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('storey_responses_total');
      const main = await fetch(`${storey.url}/metrics`);
      expect(await main.text()).not.toContain('storey_responses_total');
    } finally {
      await storey.close();
    }
  });

  it('reuses a readiness verdict for 5 s: probes cost one platform call', async () => {
    const platform = await startPlatform();
    const clock = createManualClock();
    const bff = await startBff(platform.settings, {}, { clock });
    try {
      const sitesCalls = () =>
        platform.requests('rest').filter((entry) => entry.path.startsWith('/api/Sites')).length;
      for (let probe = 0; probe < 5; probe++)
        expect((await bff.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(sitesCalls()).toBe(1);
      clock.advance(readinessCacheMs);
      await bff.app.inject({ method: 'GET', url: '/readyz' });
      expect(sitesCalls()).toBe(2);
    } finally {
      await bff.close();
      await platform.close();
    }
  });
});

describe('browser security headers', () => {
  it('sends HSTS only when Storey is served over HTTPS', async () => {
    const plain = await startStorey(quietStorey, bffAlone);
    const https = await startStorey(
      { ...quietStorey, PUBLIC_URL: 'https://storey.example.test' },
      bffAlone,
    );
    try {
      expect(
        (await fetch(`${plain.url}/healthz`)).headers.get('strict-transport-security'),
      ).toBeNull();
      expect(
        (await fetch(`${https.url}/healthz`)).headers.get('strict-transport-security'),
      ).toMatch(/max-age=\d+/);
    } finally {
      await plain.close();
      await https.close();
    }
  });

  it("puts each response's style nonce into the dashboard's page, never the placeholder", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'storey-nonce-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${cspNoncePlaceholder}"><script type="module" src="/assets/a.js" nonce="${cspNoncePlaceholder}"></script>`,
    );
    const platform = await startPlatform();
    const bff = await startBff(platform.settings, { STATIC_DIR: dist });
    try {
      const nonces = new Set<string>();
      for (const url of ['/', '/buildings/x', '/index.html']) {
        const page = await bff.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        const styleNonce = /style-src 'self' 'nonce-([^']+)'/.exec(
          String(page.headers['content-security-policy']),
        )![1]!;
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toContain(`script-src 'self' 'nonce-${styleNonce}'`);
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).not.toContain('unsafe-inline');
        expect(page.body).not.toContain(cspNoncePlaceholder);
        expect(page.body).toContain(`<meta property="csp-nonce" nonce="${styleNonce}">`);
        nonces.add(styleNonce);
      }
      expect(nonces.size).toBe(3);
    } finally {
      await bff.close();
      await platform.close();
    }
  });

  it("announces the asked page's own chunks in its page, so they come with the entry", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'storey-preloads-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>`,
    );
    mkdirSync(path.join(dist, path.dirname(routePreloadsFile)), { recursive: true });
    writeFileSync(
      path.join(dist, routePreloadsFile),
      JSON.stringify({
        routes: [
          { pattern: '/', files: ['assets/portfolio-1.js', 'assets/table-2.js'] },
          { pattern: '/buildings/:buildingId', files: ['assets/building-3.js'] },
          { pattern: '/buildings/:buildingId/levels/:level', files: ['assets/level-4.js'] },
        ],
      }),
    );
    const platform = await startPlatform();
    const bff = await startBff(platform.settings, { STATIC_DIR: dist });
    const preloaded = async (url: string) => {
      const page = await bff.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    };
    try {
      expect(await preloaded('/?q=harbour')).toEqual([
        '/assets/portfolio-1.js',
        '/assets/table-2.js',
      ]);
      expect(await preloaded('/buildings/b%201')).toEqual(['/assets/building-3.js']);
      expect(await preloaded('/buildings/b1/levels/2')).toEqual(['/assets/level-4.js']);
      // A path no route has (the page says "not found") and one a segment longer: nothing.
      expect(await preloaded('/nowhere')).toEqual([]);
      expect(await preloaded('/buildings/b1/levels/2/rooms')).toEqual([]);
      // A request target that is no URL ("//?") is still a page, not a failure.
      expect((await bff.app.inject({ method: 'GET', url: '//?' })).statusCode).toBeLessThan(500);
    } finally {
      await bff.close();
      await platform.close();
    }
  });
});

describe('small hardening (security review L8)', () => {
  it('refuses two Host headers, sends a Permissions-Policy, and names the limit window as configured', async () => {
    const platform = await startPlatform();
    const storey = await startStorey(
      {
        ...quietStorey,
        ...platformVariables(platform.settings),
        RATE_LIMIT_MAX: '1',
        RATE_LIMIT_WINDOW_MS: '60000',
      },
      bffAlone,
    );
    try {
      const twoHosts = await rawRequest(storey.url, 'GET', '/healthz', { Host: 'evil.example' });
      expect(twoHosts.status).toBe(400);
      const answer = await fetch(`${storey.url}/healthz`);
      expect(answer.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\)/);
      await fetch(`${storey.url}/api/Sites`, { headers: csrf });
      const limited = await fetch(`${storey.url}/api/Sites`, { headers: csrf });
      expect(limited.status).toBe(429);
      // The window as configured (60 s), not what was left of it.
      expect(((await limited.json()) as { detail: string }).detail).toMatch(
        /at most 1 per 60 s\. Try again in \d+ s\./,
      );
    } finally {
      await storey.close();
      await platform.close();
    }
  });
});
