/**
 * Alarm e-mails through a real SMTP server in the test's process (smtp-server), time injected
 * (decision 0021): the alarms of one building in one window are one message per recipient; a
 * chattering alarm is told once; an SMTP outage and a restart in the middle lose nothing and send
 * nothing twice; a permanent refusal is not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { severityRank } from '@/shared/contracts/alarms';
import {
  raiseAlarm,
  raiseAlarms,
  type AlarmCandidate,
} from '../../server/portfolio-index/alarms/alarm-writes';
import { roomAlarm } from './support/alarm-candidates';
import { defaultAlarmRules } from '../../server/portfolio-index/alarms/rules';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { smtpMailer } from '../../server/notifications/email';
import { createNotifier, type Notifier } from '../../server/notifications/notifier';
import { messageIdOf, type Recipient } from '../../server/notifications/outbox';
import { startSmtpSink, type SmtpSink } from '../../server/notifications/smtp-sink';
import { mailText } from './support/mail-text';

const minute = 60_000;
const start = Date.UTC(2026, 10, 24, 10, 1);
const time = { now: start };
let database: IndexDatabase;
let sink: SmtpSink;
const recipients: Recipient[] = [
  { sub: 'ana', name: 'Ana Operator', email: 'ana@example.test' },
  { sub: 'ben', name: null, email: 'ben@example.test' },
];

const alarm = (room: string, value: number) => roomAlarm(room, { measure: 'co2', value }, time.now);

/** A Storey process's notifier over the shared database (a restart is a new one). */
const notifierOn = (smtpUrl: string): Notifier =>
  createNotifier({
    db: database.db,
    clock: { now: () => time.now },
    recipientsOf: async (buildingIds) => new Map(buildingIds.map((id) => [id, recipients])),
    mailer: smtpMailer(smtpUrl, 'Storey <storey@example.test>'),
    smtp: 'configured',
    publicUrl: 'https://storey.example.test',
    everyMs: 60_000,
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
  });

const raise = (candidate: AlarmCandidate) =>
  raiseAlarm(database.db, candidate, new Date(time.now), defaultAlarmRules);

beforeAll(async () => {
  database = await openIndexDatabase({});
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await database?.close();
});

describe('alarm e-mails', () => {
  it('tells each recipient once about the alarms of one building raised in one window', async () => {
    const notifier = notifierOn(sink.url);
    await raise(alarm('4.12', 1400));
    time.now += minute;
    await raise(alarm('4.13', 1250));
    // Raised again within the window: the same alarm, not told twice.
    await raise(alarm('4.12', 1500));
    expect(await notifier.deliverDue()).toEqual({ written: 0, sent: 0, failed: 0, escalated: 0 });
    time.now = start + 5 * minute;
    expect(await notifier.deliverDue()).toEqual({ written: 2, sent: 2, failed: 0, escalated: 0 });
    expect(sink.received.map((mail) => mail.to)).toEqual([
      ['ana@example.test'],
      ['ben@example.test'],
    ]);
    const text = mailText(sink.received[0]!.raw);
    expect(text).toMatch(/^Subject: \[Storey\] 2 new alarms in Building b-1$/m);
    expect(text).toContain('Stale air: 1,500 ppm, above the band ≤ 1,000 ppm');
    expect(text).toContain('Building b-1 › Level 4 › Room 4.12');
    expect(text).toMatch(/https:\/\/storey\.example\.test\/alarms\/\d+/);
    expect(await notifier.deliverDue()).toEqual({ written: 0, sent: 0, failed: 0, escalated: 0 });
    await notifier.close();
  });

  it('tells a chattering alarm once', async () => {
    const notifier = notifierOn(sink.url);
    const before = sink.received.length;
    const subject = alarm('5.01', 1300);
    for (let cycle = 0; cycle < 4; cycle++) {
      time.now += 10 * minute;
      await raise(subject);
      time.now += 10 * minute;
      await database.db
        .updateTable('alarm')
        .set({ cleared_at: new Date(time.now) })
        .where('key', '=', subject.key)
        .where('cleared_at', 'is', null)
        .execute();
      await notifier.deliverDue();
    }
    const [row] = await database.db
      .selectFrom('alarm')
      .select(['chattering', 're_raised'])
      .where('key', '=', subject.key)
      .execute();
    expect(row).toEqual({ chattering: true, re_raised: 3 });
    // One message to each of the two recipients.
    expect(sink.received.length - before).toBe(2);
    await notifier.close();
  });

  it('loses nothing and sends nothing twice across an SMTP outage and a restart', async () => {
    const port = Number(new URL(sink.url).port);
    await sink.close();
    time.now += 10 * minute;
    await raise(alarm('6.01', 1600));
    time.now += 5 * minute;
    const first = notifierOn(`smtp://127.0.0.1:${port}`);
    expect(await first.deliverDue()).toEqual({ written: 2, sent: 0, failed: 2, escalated: 0 });
    for (const waiting of await first.outbox.recent(2)) {
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    // Storey stops while the mail system is down; two minutes later both are back.
    await first.close();
    time.now += 2 * minute;
    sink = await startSmtpSink({ port });
    const second = notifierOn(sink.url);
    expect(await second.deliverDue()).toMatchObject({ sent: 2, failed: 0 });
    expect(await second.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
    expect(sink.received.map((mail) => mail.to[0])).toEqual([
      'ana@example.test',
      'ben@example.test',
    ]);
    const keys = await database.db
      .selectFrom('notification_outbox')
      .select('dedupe_key')
      .where('status', '=', 'sent')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    for (const { dedupe_key } of keys)
      expect(sink.received.some((mail) => mail.raw.includes(messageIdOf(dedupe_key)))).toBe(true);
    await second.close();
  });

  it('does not retry an address the mail system refuses for good', async () => {
    const refusing = await startSmtpSink({ refuse: 'ben@example.test' });
    const notifier = notifierOn(refusing.url);
    time.now += 10 * minute;
    await raise(alarm('7.01', 1700));
    time.now += 5 * minute;
    expect(await notifier.deliverDue()).toMatchObject({ written: 2, sent: 1, failed: 1 });
    const [refused] = (await notifier.outbox.recent(2)).filter((row) => row.status === 'failed');
    expect(refused).toMatchObject({ email: 'ben@example.test', attempts: 1, nextAttemptAt: null });
    time.now += 60 * minute;
    expect(await notifier.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
    await notifier.close();
    await refusing.close();
  });

  it("holds an e-mail written in someone's quiet hours until they end on their clock, but not a critical one", async () => {
    // 20:00 in Tokyo; Ana's quiet hours there are 19:00 to 07:00.
    time.now = Date.UTC(2026, 10, 25, 11, 0);
    const quiet = { from: '19:00', to: '07:00', timeZone: 'Asia/Tokyo' };
    const notifier = createNotifier({
      db: database.db,
      clock: { now: () => time.now },
      recipientsOf: async (buildingIds) =>
        new Map(buildingIds.map((id) => [id, [{ ...recipients[0]!, quiet }, recipients[1]!]])),
      mailer: smtpMailer(sink.url, 'Storey <storey@example.test>'),
      smtp: 'configured',
      publicUrl: 'https://storey.example.test',
      everyMs: 60_000,
      log: { warn: () => {} } as unknown as FastifyBaseLogger,
    });
    const before = sink.received.length;
    await raise(alarm('8.01', 1400));
    time.now += 5 * minute;
    expect(await notifier.deliverDue()).toMatchObject({ written: 2, sent: 1 });
    expect(sink.received.slice(before).map((mail) => mail.to[0])).toEqual(['ben@example.test']);
    const [held] = (await notifier.outbox.recent(2)).filter((row) => row.status === 'pending');
    // 07:00 in Tokyo is 22:00 UTC.
    expect(held).toMatchObject({
      email: 'ana@example.test',
      nextAttemptAt: new Date(Date.UTC(2026, 10, 25, 22, 0)).toISOString(),
    });
    time.now = Date.UTC(2026, 10, 25, 21, 59);
    expect(await notifier.deliverDue()).toMatchObject({ sent: 0 });
    time.now = Date.UTC(2026, 10, 25, 22, 0);
    expect(await notifier.deliverDue()).toMatchObject({ sent: 1 });
    expect(sink.received.at(-1)!.to).toEqual(['ana@example.test']);

    // A critical alarm at 23:00 in Tokyo goes to Ana at once.
    time.now = Date.UTC(2026, 10, 26, 14, 0);
    await raise({ ...alarm('8.02', 2600), severity: severityRank.critical });
    time.now += 5 * minute;
    expect(await notifier.deliverDue()).toMatchObject({ written: 2, sent: 2 });
    await notifier.close();
  });

  it("writes a round's worth of buildings' messages in a few statements, each to its own people", async () => {
    // 600 buildings with a new alarm in one window (a first round at 10,000 buildings made
    // thousands): more than one pass's 500 batches, so the second part is written too.
    time.now = Date.UTC(2026, 10, 27, 9, 0);
    const buildings = Array.from({ length: 600 }, (_, index) => `many-${index}`);
    await raiseAlarms(
      database.db,
      buildings.map((building) => ({
        ...alarm(`${building}.1`, 1400),
        key: `comfort:${building}.1:co2`,
        buildingId: building,
      })),
      new Date(time.now),
      defaultAlarmRules,
    );
    let statements = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const asked: string[][] = [];
    const notifier = createNotifier({
      db: counted,
      clock: { now: () => time.now },
      // Ana looks after the even buildings, Ben after the odd ones.
      recipientsOf: async (buildingIds) => {
        asked.push([...buildingIds]);
        return new Map(buildingIds.map((id) => [id, [recipients[Number(id.slice(5)) % 2]!]]));
      },
      mailer: undefined,
      smtp: 'none',
      publicUrl: 'https://storey.example.test',
      everyMs: 60_000,
      log: { warn: () => {} } as unknown as FastifyBaseLogger,
    });
    time.now += 5 * minute;
    expect(await notifier.deliverDue()).toMatchObject({ written: 600 });
    // Two parts of a handful each: before, five statements or more a building (3,000 here).
    expect(statements).toBeLessThanOrEqual(20);
    expect(asked.map((ids) => ids.length)).toEqual([500, 100]);
    const written = await database.db
      .selectFrom('notification_outbox')
      .select(['building_id', 'email'])
      .where('building_id', 'like', 'many-%')
      .execute();
    expect(written).toHaveLength(600);
    for (const { building_id, email } of written)
      expect(email).toBe(
        Number(building_id.slice(5)) % 2 === 0 ? 'ana@example.test' : 'ben@example.test',
      );
    await notifier.close();
  });
});
