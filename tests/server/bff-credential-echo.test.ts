/**
 * A platform (or a gateway in front of it) that echoes the credentials it was sent must not hand
 * them to a browser, on any relay path (security review M6): the answer comes back with the
 * service's token and client secret masked, whatever its status, interface or size.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';
import { expectNoLeaks } from '../support/leaks';

let platform: RunningPlatform;
let bff: RunningBff;
let upstream: ReturnType<typeof createServer>;
/** How the hostile platform answers the next call: status and a body built from what it got. */
let answer: { status: number; body: (authorization: string, secret: string) => string };

beforeAll(async () => {
  platform = await startPlatform();
  upstream = createServer((request, response) => {
    const authorization = request.headers.authorization ?? '';
    response
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(answer.body(authorization, platform.settings.clientSecret));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  bff = await startBff({
    ...platform.settings,
    baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await bff.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await platform.close();
});

const history = '/api/Spaces/s1/HistoricalValues?from=2026-11-16T00:00:00Z&to=2026-11-17T00:00:00Z';
const graphql = {
  method: 'POST' as const,
  url: '/graphql',
  payload: { query: '{ buildings { id } }' },
};
/** A message that carries the token (and the secret) the way HotChocolate's details would. */
const echo = (authorization: string, secret: string) =>
  `Token ${authorization.replace(/^Bearer /, '')} may not read this (client ${secret})`;
const padding = 'x'.repeat(200_000);

describe.each([
  [
    'a REST listing, 200',
    { method: 'GET' as const, url: '/api/Sites' },
    200,
    (a: string, s: string) => JSON.stringify([{ id: '1', name: echo(a, s) }]),
  ],
  [
    'a REST listing, 200, the token past the first chunks',
    { method: 'GET' as const, url: '/api/Buildings' },
    200,
    (a: string, s: string) => JSON.stringify([{ id: padding, name: echo(a, s) }]),
  ],
  [
    'a REST listing, 400',
    { method: 'GET' as const, url: '/api/Sites' },
    400,
    (a: string, s: string) => JSON.stringify([echo(a, s)]),
  ],
  [
    'a REST listing, 403 problem',
    { method: 'GET' as const, url: '/api/Sites' },
    403,
    (a: string, s: string) => JSON.stringify({ title: echo(a, s), status: 403 }),
  ],
  [
    'GraphQL, 200 with errors beside data',
    graphql,
    200,
    (a: string, s: string) =>
      JSON.stringify({ data: { buildings: [] }, errors: [{ message: echo(a, s) }] }),
  ],
  [
    'GraphQL, 400 with errors',
    graphql,
    400,
    (a: string, s: string) =>
      JSON.stringify({ errors: [{ message: echo(a, s), extensions: { detail: echo(a, s) } }] }),
  ],
  [
    'a history series, 200',
    { method: 'GET' as const, url: history },
    200,
    (a: string, s: string) =>
      JSON.stringify([
        { measurementValueId: echo(a, s), value: '1', timestamp: '2026-11-16T00:00:00+00:00' },
      ]),
  ],
  [
    'a history series, 400',
    { method: 'GET' as const, url: history },
    400,
    (a: string, s: string) => JSON.stringify([echo(a, s)]),
  ],
])('%s', (_name, request, status, body) => {
  it('reaches the browser without the token or the client secret', async () => {
    answer = { status, body };
    const response = await bff.app.inject({
      ...request,
      headers: { ...csrf, 'accept-encoding': 'identity' },
    });
    const text = response.body;
    // The platform did echo them (the test's platform is hostile), and the browser got the rest.
    expect(text).toMatch(/Token|may not read/);
    expectNoLeaks(text, { secrets: [platform.settings.clientSecret] }, 'the browser');
    if (status === 200) expect(text).toContain('[redacted]');
  });
});
