import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../server/emulator/emulator';
import { faultsFromEnvironment } from '../../server/emulator/faults';
import { accessToken, fetchToken, startPlatform, type RunningPlatform } from './support/harness';

let platform: RunningPlatform;
let token: string;
beforeAll(async () => {
  platform = await startPlatform();
  token = await accessToken(platform.address);
});
afterEach(async () => {
  await fetch(`${platform.address.baseUrl}/__control/faults`, { method: 'DELETE' });
});
afterAll(() => platform.close());

const control = (settings: Record<string, unknown>) =>
  fetch(`${platform.address.baseUrl}/__control/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
const callApi = (signal?: AbortSignal) =>
  fetch(`${platform.address.baseUrl}/api/Buildings?take=1`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
    signal: signal ?? null,
  });

describe('emulator fault injection', () => {
  it.each([
    ['500', 500, 'application/problem+json'],
    ['502', 502, 'text/html'],
    ['503', 503, 'application/problem+json'],
    ['504', 504, 'text/html'],
    ['gateway-403', 403, 'text/html'],
  ])('answers %s when that fault is drawn', async (kind, status, contentType) => {
    await control({ errorRate: 1, errorKinds: [kind] });
    const response = await callApi();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(contentType);
  });

  it('answers 429 with and without Retry-After', async () => {
    await control({ errorRate: 1, errorKinds: ['429'] });
    const bare = await callApi();
    expect([bare.status, bare.headers.get('retry-after')]).toEqual([429, null]);
    await control({ errorKinds: ['429-retry-after'], retryAfterSeconds: 7 });
    const withHeader = await callApi();
    expect([withHeader.status, withHeader.headers.get('retry-after')]).toEqual([429, '7']);
  });

  it('sends malformed JSON, drops the connection mid-response, or hangs', async () => {
    await control({ errorRate: 1, errorKinds: ['malformed-json'] });
    await expect((await callApi()).json()).rejects.toThrow();
    await control({ errorKinds: ['drop-connection'] });
    await expect(callApi().then((response) => response.text())).rejects.toThrow();
    await control({ errorKinds: ['hang'] });
    await expect(callApi(AbortSignal.timeout(300))).rejects.toThrow(/aborted|timeout/i);
  });

  it('adds latency, and fails nothing at error rate 0', async () => {
    await control({ latencyMs: 150 });
    const started = performance.now();
    expect((await callApi()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('counts the faults it injects', async () => {
    await control({ errorRate: 1, errorKinds: ['503'] });
    await callApi();
    await callApi();
    const state = (await (await fetch(`${platform.address.baseUrl}/__control/faults`)).json()) as {
      injected: number;
    };
    expect(state.injected).toBe(2);
  });

  it('forces exactly one 401 on the next API call', async () => {
    await control({ unauthorizedCount: 1 });
    expect((await callApi()).status).toBe(401);
    expect((await callApi()).status).toBe(200);
  });

  it('takes the token endpoint down or makes it slow', async () => {
    await control({ tokenEndpoint: 'down' });
    await expect(fetchToken(platform.address)).rejects.toThrow();
    await control({ tokenEndpoint: 'slow', tokenDelayMs: 200 });
    const started = performance.now();
    expect((await fetchToken(platform.address)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('answers GraphQL in part: data beside errors, with 200', async () => {
    await control({ graphqlPartialErrors: true });
    const response = await fetch(`${platform.address.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query: '{ buildings(take: 1) { levels { name rooms { name } } } }' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { buildings: Array<{ levels: Array<{ rooms: unknown }> }> };
      errors: Array<{ path: unknown[] }>;
    };
    expect(body.errors[0]!.path).toEqual(['buildings', 0, 'levels', 1, 'rooms']);
    expect(body.data.buildings[0]!.levels[1]!.rooms).toBeNull();
    expect(body.data.buildings[0]!.levels[0]!.rooms).not.toBeNull();
  });

  it('refuses invalid fault settings with 400', async () => {
    expect((await control({ errorRate: 2 })).status).toBe(400);
    expect((await control({ errorKinds: ['418'] })).status).toBe(400);
  });

  it('logs what reached it: method, path, query, the four headers and the body', async () => {
    await fetch(`${platform.address.baseUrl}/__control/requests`, { method: 'DELETE' });
    await fetch(`${platform.address.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: token,
        'x-request-type': 'GraphQL',
        'x-api-version': '3.0',
      },
      body: JSON.stringify({ query: '{ buildings(take: 1) { id } }' }),
    });
    const { requests } = (await (
      await fetch(`${platform.address.baseUrl}/__control/requests`)
    ).json()) as { requests: unknown[] };
    expect(requests).toEqual([
      expect.objectContaining({
        kind: 'graphql',
        method: 'POST',
        path: '/graphql',
        query: {},
        headers: {
          authorization: token,
          'x-api-version': '3.0',
          'x-request-type': 'GraphQL',
          'content-type': 'application/json',
        },
        body: { query: '{ buildings(take: 1) { id } }' },
      }),
    ]);
  });

  it('has no control endpoint unless asked for one', async () => {
    const plain = await createEmulator();
    const address = await plain.listen();
    const response = await fetch(`${address.baseUrl}/__control/faults`);
    await plain.close();
    expect(response.status).toBe(404);
  });
});

describe('emulator fault settings from the environment', () => {
  it('reads every EMULATOR_* fault variable', () => {
    expect(
      faultsFromEnvironment({
        EMULATOR_LATENCY_MS: '25',
        EMULATOR_JITTER_MS: '5',
        EMULATOR_ERROR_RATE: '0.5',
        EMULATOR_ERROR_KINDS: '503, gateway-403,hang',
        EMULATOR_RETRY_AFTER_SECONDS: '3',
        EMULATOR_TOKEN_ENDPOINT: 'slow',
        EMULATOR_TOKEN_DELAY_MS: '100',
        EMULATOR_GRAPHQL_PARTIAL_ERRORS: '1',
      }),
    ).toEqual({
      latencyMs: 25,
      jitterMs: 5,
      errorRate: 0.5,
      errorKinds: ['503', 'gateway-403', 'hang'],
      retryAfterSeconds: 3,
      tokenEndpoint: 'slow',
      tokenDelayMs: 100,
      graphqlPartialErrors: true,
    });
    expect(faultsFromEnvironment({})).toEqual({});
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => faultsFromEnvironment({ EMULATOR_LATENCY_MS: 'soon' })).toThrow(
      /EMULATOR_LATENCY_MS/,
    );
    expect(() => faultsFromEnvironment({ EMULATOR_ERROR_KINDS: '418' })).toThrow(/errorKinds/);
    expect(() => faultsFromEnvironment({ EMULATOR_ERROR_RATE: '2' })).toThrow(/errorRate/);
  });

  it('starts an emulator that injects them', async () => {
    const faulty = await createEmulator({
      faults: faultsFromEnvironment({ EMULATOR_ERROR_RATE: '1', EMULATOR_ERROR_KINDS: '502' }),
    });
    const address = await faulty.listen();
    const response = await fetch(`${address.baseUrl}/api/Sites`, {
      headers: { authorization: `Bearer ${await accessToken(address)}`, 'x-api-version': '3.0' },
    });
    await faulty.close();
    expect(response.status).toBe(502);
  });
});
