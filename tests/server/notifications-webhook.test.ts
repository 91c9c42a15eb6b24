/**
 * Signed webhooks (decision 0021): each batch of alarms is one POST whose signature the Standard
 * Webhooks reference library verifies; a receiver's outage is retried under the same id; private,
 * loopback, link-local and reserved targets are refused, written as addresses or reached through
 * a name or a redirect. The tests' own receiver on loopback is reached only because the test
 * allows 127.0.0.1 (WEBHOOK_ALLOW_ADDRESSES), which production does not set.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { raiseAlarm } from '../../server/portfolio-index/alarms/alarm-writes';
import { defaultAlarmRules } from '../../server/portfolio-index/alarms/rules';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { createNotifier } from '../../server/notifications/notifier';
import type { OutboxMessage } from '../../server/notifications/outbox';
import { webhookSender } from '../../server/notifications/webhook';
import { roomAlarm } from './support/alarm-candidates';

const minute = 60_000;
const time = { now: Date.UTC(2026, 10, 24, 10, 1) };
const secret = `whsec_${randomBytes(32).toString('base64')}`;
let database: IndexDatabase;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on loopback that answers each call with the next of `answers` (then 204). */
async function receiver(answers: Array<{ status: number; location?: string }> = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? { status: 204 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/storey-alarms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const alarm = (room: string) => roomAlarm(room, { measure: 'temperature', value: 26.5 }, time.now);

const senderFor = (allowAddresses: string[], lookup?: LookupFunction) =>
  webhookSender({ secret, allowAddresses, now: () => new Date(time.now), lookup });

const notifierTo = (url: string) =>
  createNotifier({
    db: database.db,
    clock: { now: () => time.now },
    recipientsOf: async () => new Map(),
    mailer: undefined,
    webhook: { url, sender: senderFor(['127.0.0.1']) },
    smtp: 'none',
    publicUrl: 'https://storey.example.test',
    everyMs: 60_000,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
  });

const raiseAndWait = async (room: string) => {
  time.now += 10 * minute;
  await raiseAlarm(database.db, alarm(room), new Date(time.now), defaultAlarmRules);
  time.now += 5 * minute;
};

/** Verifies as a receiver would, with the reference library, at the moment it was sent. */
const verified = (call: Received) => {
  vi.useFakeTimers({ toFake: ['Date'], now: time.now });
  try {
    return new Webhook(secret).verify(call.body, call.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
};

beforeAll(async () => {
  database = await openIndexDatabase({});
});
afterAll(async () => {
  await database?.close();
});

describe('alarm webhooks', () => {
  it('posts each batch once, signed so that the Standard Webhooks library verifies it', async () => {
    const target = await receiver();
    const notifier = notifierTo(target.url);
    await raiseAndWait('4.12');
    expect(await notifier.deliverDue()).toMatchObject({ written: 1, sent: 1, failed: 0 });
    expect(target.received).toHaveLength(1);
    const [call] = target.received;
    expect(verified(call!)).toMatchObject({
      type: 'alarms.raised',
      data: {
        building: { id: 'b-1' },
        alarms: [
          {
            kind: 'comfort',
            severity: 'major',
            what: 'Too warm: 26.5 °C, above the band 20–24 °C',
            url: expect.stringMatching(/^https:\/\/storey\.example\.test\/alarms\/\d+$/),
          },
        ],
      },
    });
    // The same signature by the specification's steps: HMAC-SHA256 over "id.timestamp.body".
    const id = call!.headers['webhook-id'] as string;
    const timestamp = call!.headers['webhook-timestamp'] as string;
    expect(Number(timestamp)).toBe(Math.floor(time.now / 1000));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${id}.${timestamp}.${call!.body}`)
      .digest('base64');
    expect(call!.headers['webhook-signature']).toBe(`v1,${expected}`);
    // A body changed on the way fails verification.
    expect(() => verified({ ...call!, body: call!.body.replace('26.5', '20.5') })).toThrow();
    expect(await notifier.deliverDue()).toMatchObject({ sent: 0 });
    await notifier.close();
    await target.close();
  });

  it('tries again after a receiver outage, under the same id', async () => {
    const target = await receiver([{ status: 503 }]);
    const notifier = notifierTo(target.url);
    await raiseAndWait('5.01');
    expect(await notifier.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    time.now += minute;
    expect(await notifier.deliverDue()).toMatchObject({ sent: 1, failed: 0 });
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.headers['webhook-id']).toBe(
      target.received[0]!.headers['webhook-id'],
    );
    verified(target.received[1]!);
    await notifier.close();
    await target.close();
  });

  it('does not follow a redirect, not even to an address it could call', async () => {
    const elsewhere = await receiver();
    const target = await receiver([{ status: 302, location: elsewhere.url }]);
    const notifier = notifierTo(target.url);
    await raiseAndWait('6.01');
    expect(await notifier.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    const [refused] = await notifier.outbox.recent(1);
    expect(refused).toMatchObject({ channel: 'webhook', status: 'failed', nextAttemptAt: null });
    expect(refused!.lastError).toMatch(/does not follow redirects/);
    time.now += 60 * minute;
    await notifier.deliverDue();
    expect(target.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    await notifier.close();
    await target.close();
    await elsewhere.close();
  });

  describe('refuses targets that are not public', () => {
    const message = (target: string): OutboxMessage => ({
      id: 1,
      dedupeKey: 'batch:1:webhook',
      channel: 'webhook',
      email: null,
      target,
      recipientName: null,
      subject: 'x',
      body: '{}',
      attempts: 1,
    });
    let target: Awaited<ReturnType<typeof receiver>>;
    beforeAll(async () => {
      target = await receiver();
      return () => target.close();
    });
    /** A resolver that answers every name with `address`, as a hostile DNS would. */
    const resolvingTo =
      (address: string): LookupFunction =>
      (_hostname, options, callback) => {
        if (typeof options === 'object' && options.all)
          (
            callback as unknown as (error: null, all: { address: string; family: number }[]) => void
          )(null, [{ address, family: 4 }]);
        else callback(null, address, 4);
      };

    it.each([
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['a private address', 'http://10.0.0.1/hook'],
      ['a private address over https', 'https://10.20.30.40/hook'],
      ['the unspecified address', 'http://0.0.0.0/hook'],
      ['IPv6 loopback', 'http://[::1]/hook'],
    ])('%s', async (_name, url) => {
      const error = await senderFor([])
        .send(message(url))
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toMatchObject({ permanent: true, message: expect.stringMatching(/^Refused/) });
    });

    it('loopback, unless allowed: the tests’ own receiver', async () => {
      await expect(senderFor([]).send(message(target.url))).rejects.toMatchObject({
        permanent: true,
        message: expect.stringMatching(/^Refused/),
      });
      expect(target.received).toHaveLength(0);
      await senderFor(['127.0.0.1']).send(message(target.url));
      expect(target.received).toHaveLength(1);
    });

    it('a name that resolves to a private, link-local or loopback address', async () => {
      for (const address of ['10.1.2.3', '169.254.169.254', '127.0.0.1']) {
        const sender = senderFor([], resolvingTo(address));
        await expect(
          sender.send(message(`http://hooks.example.test:${new URL(target.url).port}/`)),
        ).rejects.toMatchObject({ permanent: true, message: expect.stringMatching(/^Refused/) });
      }
      await expect(
        senderFor([]).send(message(`http://localhost:${new URL(target.url).port}/`)),
      ).rejects.toMatchObject({ permanent: true });
      expect(target.received).toHaveLength(1);
    });
  });
});
