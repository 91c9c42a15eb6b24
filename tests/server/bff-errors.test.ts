import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrf, bffWithPlatform } from './support/harness';

const setup = bffWithPlatform({ PLATFORM_TIMEOUT_MS: '400' });
afterEach(() => setup.platform.emulator.faults.reset());

const getSites = () => setup.bff.app.inject({ method: 'GET', url: '/api/Sites', headers: csrf });
const expectProblem = (response: Awaited<ReturnType<typeof getSites>>, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  });
  return body;
};

describe('BFF error mapping', () => {
  it.each([
    ['500', 502],
    ['502', 502],
    ['503', 502],
    ['504', 504],
  ])('maps platform %s to a %i problem', async (kind, status) => {
    setup.platform.emulator.faults.update({ errorRate: 1, errorKinds: [kind as never] });
    expectProblem(await getSites(), status);
  });

  it('relays a 200 with malformed JSON unparsed, and cuts the answer short when the platform drops the connection (decision 0007)', async () => {
    setup.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['malformed-json'] });
    const malformed = await getSites();
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toBe('[{"id":"0b5e", "name": ');
    setup.platform.emulator.faults.update({ errorKinds: ['drop-connection'] });
    // The status went out before the platform failed; the browser sees an unfinished answer.
    await expect(getSites()).rejects.toThrow();
  });

  it('maps the gateway HTML 403 to a 403 problem without parsing the page', async () => {
    setup.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['gateway-403'] });
    const body = expectProblem(await getSites(), 403);
    expect(body.detail).toBe('The request was refused by the platform gateway.');
  });

  it('passes 429 on with the platform Retry-After, or a default one', async () => {
    setup.platform.emulator.faults.update({
      errorRate: 1,
      errorKinds: ['429-retry-after'],
      retryAfterSeconds: 9,
    });
    const withHeader = await getSites();
    expectProblem(withHeader, 429);
    expect(withHeader.headers['retry-after']).toBe('9');
    setup.platform.emulator.faults.update({ errorKinds: ['429'] });
    const without = await getSites();
    expectProblem(without, 429);
    expect(Number(without.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 504 when the platform hangs past the timeout', async () => {
    setup.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['hang'] });
    const started = performance.now();
    expectProblem(await getSites(), 504);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('releases the sockets of hung calls: connections to the platform return to their baseline', async () => {
    await getSites();
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        setup.platform.emulator.app.server.getConnections((error, count) =>
          error ? reject(error) : resolve(count),
        ),
      );
    const baseline = await connections();
    setup.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['hang'] });
    const hung = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        setup.bff.app.inject({ method: 'GET', url: `/api/Buildings?skip=${index}`, headers: csrf }),
      ),
    );
    expect(hung.map((response) => response.statusCode)).toEqual([504, 504, 504, 504, 504]);
    // The emulator sees the sockets close a moment after the BFF destroys them: await that.
    await vi.waitFor(async () => expect(await connections()).toBeLessThanOrEqual(baseline), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('passes a platform 4xx on with its array-of-strings message as detail', async () => {
    const response = await setup.bff.app.inject({
      method: 'GET',
      url: '/api/Buildings/unknown-building/Floors',
      headers: csrf,
    });
    const body = expectProblem(response, 404);
    expect(body.detail).toBe("Building with id 'unknown-building' was not found.");
  });

  it('passes GraphQL errors from the platform through untouched', async () => {
    const response = await setup.bff.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: { query: '{ buildings { nope } }' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toContain('Cannot query field "nope"');
  });

  it('passes GraphQL partial data with its errors through with 200', async () => {
    setup.platform.emulator.faults.update({ graphqlPartialErrors: true });
    const response = await setup.bff.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: { query: '{ buildings(take: 1) { levels { rooms { name } } } }' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errors).toHaveLength(1);
    expect(body.data.buildings[0].levels[1].rooms).toBeNull();
  });

  it('stays healthy after every fault', async () => {
    expect((await getSites()).statusCode).toBe(200);
    expect((await setup.bff.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
