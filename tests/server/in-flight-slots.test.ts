import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { answerLimits } from '../../server/http/answer-limits';
import { systemClock } from '../../server/clock';

/**
 * Every slot of REQUESTS_IN_FLIGHT_MAX comes back, whenever the browser leaves (third security
 * review, M1): a request abandoned while its session was being read lost its slot for good, and
 * its person was refused on every route until a restart. The app here is the BFF's composition
 * in small: a session read that awaits (a slow store), then the limits, then a route.
 */
interface Gate {
  held: Promise<void>;
  open(): void;
}
const gate = (): Gate => {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  return { held, open };
};

let app: FastifyInstance | undefined;
/** The scope the limits are registered in: it carries their count. */
let limited: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function limitedApp(sessionRead: () => Promise<void>) {
  app = Fastify({ logger: false });
  await app.register(async (scope) => {
    // The session read: the person is known only after it (the key of their slots).
    scope.addHook('onRequest', async (request) => {
      await sessionRead();
      request.user = { sub: 'sam', name: 'Sam', email: undefined, groups: [] };
    });
    await scope.register(answerLimits, {
      inFlightMax: 16,
      answerTimeoutMs: 60_000,
      clock: systemClock,
    });
    limited = scope;
    scope.get('/api/thing', async () => ({ ok: true }));
  });
  // Each connection's end as the server sees it: a test waits for these, not for time.
  const serverClosed: Array<Promise<void>> = [];
  app.server.on('connection', (socket: Socket) => {
    serverClosed.push(new Promise((resolve) => socket.once('close', () => resolve())));
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { address, port: Number(new URL(address).port), serverClosed };
}

/**
 * A request sent whole and its connection reset at once, as a closed tab or a dropped mobile link
 * leaves it: the server sees the connection gone before it has answered.
 */
const abandon = (port: number) =>
  new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/thing HTTP/1.1\r\nHost: storey\r\n\r\n', () =>
        socket.resetAndDestroy(),
      );
    });
    socket.once('close', () => resolve());
    socket.once('error', () => resolve());
  });

describe('requests in flight per person', () => {
  it('gives back the slots of 20 requests abandoned while their session was being read', async () => {
    let read = gate();
    const { address, port, serverClosed } = await limitedApp(() => read.held);
    await Promise.all(Array.from({ length: 20 }, () => abandon(port)));
    await Promise.all(serverClosed);
    // Only now does the slow store answer: the server has seen every request's browser go.
    read.open();
    read = { held: Promise.resolve(), open: () => {} };
    const answer = await fetch(`${address}/api/thing`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    expect(limited!.answersInFlight?.()).toBe(0);
  });

  it('gives back every slot under any mix of answered and abandoned requests', async () => {
    const { address, port } = await limitedApp(async () => {});
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 20, maxLength: 60 }), async (aborts) => {
        await Promise.all(
          aborts.map(async (aborted) => {
            if (aborted) return abandon(port);
            const answer = await fetch(`${address}/api/thing`);
            await answer.arrayBuffer();
          }),
        );
        const after = await fetch(`${address}/api/thing`);
        expect(after.status).toBe(200);
        await after.arrayBuffer();
        expect(limited!.answersInFlight?.()).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
