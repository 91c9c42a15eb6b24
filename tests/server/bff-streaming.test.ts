/**
 * Platform answers are relayed as they arrive (decisions 0006, 0007): history series, listings and
 * GraphQL answers pass through without the BFF holding them, identical listing reads in flight
 * share one platform call and its bytes, and the limits still hold. Over real HTTP on loopback,
 * with the platform's answers coming from servers of the test's own (tokens from the emulator).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareWindowBytes } from '../../server/platform/gateway';
import { csrf, startBff, startPlatform, type RunningPlatform } from './support/harness';

/** A full collection, so that memory measured afterwards is memory still in use. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

/** A platform of the test's own at `path` (404 elsewhere), and a BFF in front of it, listening. */
async function relayThrough(path: string, handler: Handler, env: Record<string, string> = {}) {
  const calls: IncomingMessage[] = [];
  const upstream = createServer((request, response) => {
    if (request.url !== path) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('["Not here."]');
      return;
    }
    calls.push(request);
    void handler(request, response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const bff = await startBff(
    {
      ...platform.settings,
      baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    },
    env,
  );
  await bff.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(bff.app.server.address() as AddressInfo).port}`;
  // The browser's connections, closed with the test: a spare one left open would hold close().
  const browser = new Agent();
  return {
    calls,
    /** Uncompressed, so that bytes seen here are bytes relayed (gzip holds back what it packs). */
    request: (url: string, init: RequestInit = {}) =>
      fetch(`${origin}${url}`, {
        ...init,
        dispatcher: browser,
        headers: { ...csrf, 'accept-encoding': 'identity', ...(init.headers as object) },
      }),
    /** The BFF's own close, as on SIGTERM, with the browser's connections left open. */
    closeServer: () => bff.close(),
    close: async () => {
      await browser.destroy();
      await bff.close();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    },
  };
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

async function writeBytes(response: ServerResponse, chunk: Buffer, bytes: number) {
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
  }
}

/** Reads a body in the background, counting bytes; `reached(n)` resolves once n have arrived. */
function drain(response: Response) {
  const parts: Uint8Array[] = [];
  let received = 0;
  const waiting: Array<{ bytes: number; resolve: () => void }> = [];
  const done = (async () => {
    const reader = response.body!.getReader();
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      parts.push(value);
      received += value.length;
      for (const wait of waiting.filter((entry) => received >= entry.bytes)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    }
    return Buffer.concat(parts).toString('utf8');
  })();
  return {
    done,
    reached: (bytes: number) =>
      received >= bytes
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ bytes, resolve })),
  };
}

const row = (index: number) =>
  Buffer.from(`${JSON.stringify({ id: `b-${index}`, name: 'Building' }).padEnd(1023, ' ')},`);

describe('answers larger than 16 MB pass through as they arrive', () => {
  const total = 32 * 1024 * 1024;
  const cases = [
    // History is not here: it is read page by page (5,000 readings at most each) and day by day,
    // so the BFF holds a few pages of it, never a platform answer of this size (bff-devices).
    {
      name: 'a listing',
      path: '/api/Buildings?take=5000',
      url: '/api/Buildings?take=5000',
      init: {},
    },
    {
      name: 'a GraphQL answer',
      path: '/graphql',
      url: '/graphql',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ buildings { id name } }' }),
      },
    },
  ];

  it.each(cases)('$name, without the BFF holding it', async ({ path, url, init }) => {
    const secondHalf = gate();
    let sentBeforePause = 0;
    const relay = await relayThrough(
      path,
      async (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('[');
        await writeBytes(response, row(0), total / 2 + 1024 * 1024);
        sentBeforePause = total / 2 + 1024 * 1024;
        // Hold the rest back until the browser has seen more than 16 MB: a BFF that reads answers
        // whole would never pass any of it on, and this would not finish.
        await secondHalf.opened;
        await writeBytes(response, row(1), total / 2 - 1024 * 1024);
        response.end('{}]');
      },
      // Every answer is bounded by its limit even when streamed; raise them so 32 MB may pass.
      {
        PLATFORM_MAX_ANSWER_BYTES: String(64 * 1024 * 1024),
        PLATFORM_MAX_HISTORY_BYTES: String(64 * 1024 * 1024),
      },
    );
    try {
      collectGarbage();
      collectGarbage();
      const before = process.memoryUsage();
      const response = await relay.request(url, init);
      expect(response.status).toBe(200);
      let growthAtPause = Number.NaN;
      let received = 0;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
        if (received > 16 * 1024 * 1024 && Number.isNaN(growthAtPause)) {
          // More than 16 MB has passed and the platform is holding the rest: whatever the BFF
          // still keeps of the answer is live now and survives a full collection.
          collectGarbage();
          collectGarbage(); // a second pass frees the buffers whose wrappers the first one found dead
          const now = process.memoryUsage();
          growthAtPause = now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed);
          secondHalf.open();
        }
      }
      expect(sentBeforePause).toBeGreaterThan(16 * 1024 * 1024);
      expect(received).toBeGreaterThan(total);
      // What is in flight (socket and stream buffers, the share window), far below the 16 MB relayed.
      expect(growthAtPause).toBeLessThan(8 * 1024 * 1024);
      expect(relay.calls).toHaveLength(1);
    } finally {
      await relay.close();
    }
  });
});

describe('identical listing reads in flight share one platform call', () => {
  const path = '/api/Buildings?take=5';

  it('relays the same bytes to a read that joins mid-answer, and starts a new call once the shared part has passed', async () => {
    const first = gate();
    const second = gate();
    const relay = await relayThrough(path, async (_request, response) => {
      const call = relay.calls.length;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      await writeBytes(response, row(call), 64 * 1024);
      if (call === 1) {
        await first.opened;
        // Past the share window: what follows is relayed on, not kept for later readers.
        await writeBytes(response, row(call), shareWindowBytes + 512 * 1024);
        await second.opened;
      }
      response.end('{}]');
    });
    try {
      const a = drain(await relay.request(path));
      await a.reached(64 * 1024);
      // Joins the answer in flight: its headers come at once, and its bytes from the first one.
      const b = drain(await relay.request(path));
      await b.reached(64 * 1024);
      expect(relay.calls).toHaveLength(1);
      first.open();
      await Promise.all([a.reached(shareWindowBytes + 256 * 1024), b.reached(shareWindowBytes)]);
      // Too late to be given the beginning: a call of its own.
      const c = drain(await relay.request(path));
      const third = await c.done;
      expect(relay.calls).toHaveLength(2);
      second.open();
      const [bodyA, bodyB] = await Promise.all([a.done, b.done]);
      expect(bodyB).toBe(bodyA);
      expect(bodyA.length).toBeGreaterThan(shareWindowBytes + 512 * 1024);
      expect(JSON.parse(bodyA)).toHaveLength(
        1 + (shareWindowBytes + 512 * 1024 + 64 * 1024) / 1024,
      );
      expect(JSON.parse(third)[0]).toEqual({ id: 'b-2', name: 'Building' });
    } finally {
      first.open();
      second.open();
      await relay.close();
    }
  });

  it('keeps relaying to the readers who stay when one leaves', async () => {
    const rest = gate();
    const relay = await relayThrough(path, async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      await writeBytes(response, row(0), 64 * 1024);
      await rest.opened;
      await writeBytes(response, row(0), 64 * 1024);
      response.end('{}]');
    });
    try {
      const leaving = new AbortController();
      const staying = drain(await relay.request(path));
      const left = await relay.request(path, { signal: leaving.signal });
      await staying.reached(64 * 1024);
      leaving.abort();
      await expect(left.text()).rejects.toThrow();
      rest.open();
      expect(JSON.parse(await staying.done)).toHaveLength(129);
      expect(relay.calls).toHaveLength(1);
    } finally {
      rest.open();
      await relay.close();
    }
  });

  it('stops the platform call when the last reader leaves', async () => {
    const never = gate();
    let upstreamClosed!: (finished: boolean) => void;
    const closed = new Promise<boolean>((resolve) => (upstreamClosed = resolve));
    const relay = await relayThrough(path, async (_request, response) => {
      response.once('close', () => upstreamClosed(response.writableFinished));
      response.writeHead(200, { 'content-type': 'application/json' });
      await writeBytes(response, row(0), 64 * 1024);
      await never.opened;
    });
    try {
      const leaving = new AbortController();
      const reader = drain(await relay.request(path, { signal: leaving.signal }));
      await reader.reached(64 * 1024);
      leaving.abort();
      await expect(reader.done).rejects.toThrow();
      // The BFF drops its platform connection instead of reading an answer nobody will get.
      expect(await closed).toBe(false);
    } finally {
      never.open();
      await relay.close();
    }
  });
});

describe('shutdown', () => {
  it('finishes an answer that is streaming when shutdown begins, then closes', async () => {
    const rest = gate();
    const relay = await relayThrough('/api/Sites', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      await writeBytes(response, row(0), 64 * 1024);
      await rest.opened;
      response.end('{}]');
    });
    const answer = await relay.request('/api/Sites');
    const body = drain(answer);
    await body.reached(64 * 1024);
    // The browser's connection was promised keep-alive before shutdown began; close() must not
    // wait for it to time out (the test's 30 s would run out first).
    const closed = relay.closeServer();
    rest.open();
    expect((await body.done).endsWith('{}]')).toBe(true);
    await closed;
    await relay.close();
  });
});

describe('limits and faults on streamed answers', () => {
  it('cuts an answer without a declared length at PLATFORM_MAX_ANSWER_BYTES', async () => {
    const relay = await relayThrough(
      '/api/Buildings?take=5000',
      async (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('[');
        await writeBytes(response, row(0), 2 * 1024 * 1024);
        response.end('{}]');
      },
      { PLATFORM_MAX_ANSWER_BYTES: String(1024 * 1024) },
    );
    try {
      const response = await relay.request('/api/Buildings?take=5000');
      expect(response.status).toBe(200);
      // The browser sees a broken answer, never a complete-looking one.
      await expect(response.text()).rejects.toThrow();
    } finally {
      await relay.close();
    }
  });

  it.each(['/api/Sites', '/graphql'])(
    'answers %s without hanging when the platform drops the connection before the first byte of a declared body',
    async (path) => {
      const relay = await relayThrough(path, async (request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        response.flushHeaders();
        setImmediate(() => request.socket.destroy());
      });
      try {
        const answer = await relay.request(
          path,
          path === '/graphql'
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ query: '{ buildings { id } }' }),
              }
            : {},
        );
        // Either a problem document whose length is its own, or an answer visibly cut short.
        const outcome = await answer.text().then(
          (text) => ({ status: answer.status, text }),
          () => ({ status: answer.status, text: undefined }),
        );
        if (outcome.text !== undefined) {
          expect(outcome.status).toBe(502);
          expect(JSON.parse(outcome.text).status).toBe(502);
        }
      } finally {
        await relay.close();
      }
    },
  );

  it('ends every shared read when the platform drops the connection mid-answer', async () => {
    const relay = await relayThrough('/api/Sites', async (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      // Cut once the first bytes have left, so the BFF has begun relaying to every reader.
      response.write('[{"id":"', () => request.socket.destroy());
    });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const answer = await relay.request('/api/Sites');
          return answer.text().then(
            () => `complete ${answer.status}`,
            () => 'cut',
          );
        }),
      );
      expect(outcomes.every((outcome) => outcome === 'cut' || outcome === 'complete 502')).toBe(
        true,
      );
    } finally {
      await relay.close();
    }
  });

  it('passes malformed JSON on unparsed, and ends the answer early when the platform drops the connection', async () => {
    const relay = await relayThrough('/api/Sites', async (request, response) => {
      if (relay.calls.length === 1) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('[{"id":"0b5e", "name": ');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.write('[{"id":"');
      setImmediate(() => request.socket.destroy());
    });
    try {
      const malformed = await relay.request('/api/Sites');
      expect(malformed.status).toBe(200);
      // The dashboard's schemas reject it with a readable error (tests/src/usability.test.tsx).
      expect(await malformed.text()).toBe('[{"id":"0b5e", "name": ');
      const dropped = await relay.request('/api/Sites');
      await expect(dropped.text()).rejects.toThrow();
    } finally {
      await relay.close();
    }
  });
});
