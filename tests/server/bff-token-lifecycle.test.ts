import { readinessCacheMs } from '../../server/routes/operations';
import { createManualClock } from '../support/manual-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bffWithPlatform,
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

describe('BFF token lifecycle against the emulator', () => {
  let platform: RunningPlatform;
  let bff: RunningBff;
  beforeAll(async () => {
    // Time stands still unless a test moves it: no renewal can fall inside a test by accident.
    const clock = createManualClock();
    platform = await startPlatform({ tokenLifetimeSeconds: 5, now: clock.now });
    bff = await startBff(platform.settings, {}, { clock });
  });
  afterAll(async () => {
    await bff.close();
    await platform.close();
  });

  it('makes exactly one token request for 1,000 concurrent cold calls', async () => {
    // Distinct skips, so coalescing of identical reads does not hide the count.
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        bff.app.inject({
          method: 'GET',
          url: `/api/Buildings?take=1&skip=${index}`,
          headers: csrf,
        }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(platform.requests('token')).toHaveLength(1);
    expect(platform.requests('rest')).toHaveLength(1000);
  });

  it('renews a 5-second token before it expires, so no call meets a 401', async () => {
    // One clock for the platform and the BFF, moved by hand: 6.5 s of calls every 100 ms.
    const clock = createManualClock();
    const timed = await startPlatform({ tokenLifetimeSeconds: 5, now: clock.now });
    const timedBff = await startBff(timed.settings, {}, { clock });
    try {
      const statuses: number[] = [];
      for (let step = 0; step < 65; step++) {
        statuses.push(
          (await timedBff.app.inject({ method: 'GET', url: '/api/Sites?take=1', headers: csrf }))
            .statusCode,
        );
        clock.advance(100);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      // Renewed a second before expiry (renewalMarginSeconds(5) = 1): at 0 s and at 4 s.
      expect(timed.requests('token')).toHaveLength(2);
      // Every call reached the platform with a valid token: none was refused and retried.
      expect(timed.requests('rest')).toHaveLength(statuses.length);
    } finally {
      await timedBff.close();
      await timed.close();
    }
  });
});

// Hour-long tokens here, so no scheduled renewal can fall inside these counts.
describe('BFF when the platform refuses its token', () => {
  const setup = bffWithPlatform();

  it('on a 401 from the platform, gets a new token and retries that call once', async () => {
    // A token in hand first, so the count below is the retry's alone.
    await setup.bff.app.inject({ method: 'GET', url: '/api/Sites?take=1', headers: csrf });
    setup.platform.emulator.requests.clear();
    setup.platform.emulator.faults.update({ unauthorizedCount: 1 });
    const response = await setup.bff.app.inject({
      method: 'GET',
      url: '/api/Sites?take=1',
      headers: csrf,
    });
    expect(response.statusCode).toBe(200);
    expect(setup.platform.requests('token')).toHaveLength(1);
    const calls = setup.platform.requests('rest');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.authorization).not.toBe(calls[1]!.headers.authorization);
  });

  it('does not retry more than once when the platform keeps refusing', async () => {
    setup.platform.emulator.requests.clear();
    // Two refusals in a row: the call and its one retry.
    setup.platform.emulator.faults.update({ errorRate: 0, unauthorizedCount: 2 });
    const response = await setup.bff.app.inject({
      method: 'GET',
      url: '/api/Sites?take=2',
      headers: csrf,
    });
    setup.platform.emulator.faults.reset();
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(setup.platform.requests('rest')).toHaveLength(2);
  });
});

describe('BFF when the identity provider fails', () => {
  let platform: RunningPlatform;
  let bff: RunningBff;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform.close());

  it('answers 503 naming the OAuth error, never the secret, and does not cache the failure', async () => {
    bff = await startBff({ ...platform.settings, clientSecret: 'wrong-secret-value' });
    const response = await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().detail).toContain('invalid_client');
    expect(response.body).not.toContain('wrong-secret-value');
    expect(platform.requests('rest')).toHaveLength(0);
    await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    expect(platform.requests('token')).toHaveLength(2);
    expect(bff.logs.join('')).not.toContain('wrong-secret-value');
    await bff.close();
  });

  it('recovers without a restart once the identity provider is back', async () => {
    platform.emulator.requests.clear();
    platform.emulator.faults.update({ tokenEndpoint: 'down' });
    const clock = createManualClock();
    bff = await startBff(platform.settings, {}, { clock });
    const down = await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
    expect(down.statusCode).toBe(503);
    expect(down.json().detail).toContain('unreachable');
    expect((await bff.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    platform.emulator.faults.reset();
    expect(
      (await bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf })).statusCode,
    ).toBe(200);
    // Readiness verdicts are reused for 5 s, then checked again.
    expect((await bff.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    clock.advance(readinessCacheMs);
    expect((await bff.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await bff.close();
  });

  it('makes one token request for 100 concurrent calls while the identity provider is slow', async () => {
    platform.emulator.requests.clear();
    platform.emulator.faults.update({ tokenEndpoint: 'slow', tokenDelayMs: 1000 });
    bff = await startBff(platform.settings, { PLATFORM_TIMEOUT_MS: '10000' });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        bff.app.inject({
          method: 'GET',
          url: `/api/Buildings?take=1&skip=${index}`,
          headers: csrf,
        }),
      ),
    );
    platform.emulator.faults.reset();
    await bff.close();
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(platform.requests('token')).toHaveLength(1);
  }, 20_000);
});
