/**
 * Silences, escalation and quiet hours (decision 0021) as the demo people of the embedded
 * default meet them, through a real SMTP server and with time injected: a site's FM silences
 * their site for a reason and an end, and nobody is told of its alarms meanwhile; an alarm nobody
 * acknowledges in time goes to the building's administrators, once, and one acknowledged in time
 * does not; a person's quiet hours are theirs to set, in their own time zone; the noise figures
 * and the index's own failures are for those who look after the whole portfolio.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/emulator/openid-provider';
import { startSmtpSink, type SmtpSink } from '../../server/notifications/smtp-sink';
import {
  alarmDetail,
  alarmList,
  alarmNoise,
  alarmSilence,
  notificationSetting,
  silenceList,
  type AlarmSummary,
} from '../../src/shared/contracts/alarms';
import { mailText } from './support/mail-text';
import { scopedStorey, type DemoPerson } from './support/scoped-storey';

const minute = 60_000;
const setMoment = Date.UTC(2026, 10, 24, 10, 30);
const startedAt = Date.now();
const shift = { ms: 0 };
const now = () => setMoment + Date.now() - startedAt + shift.ms;
// The timer stays out of the way: each test delivers when it means to.
const env: Record<string, string> = {
  ALARM_ON_DELAY_CHECKS: '1',
  ALARM_ESCALATE_MINUTES: '30',
  NOTIFY_EVERY_SECONDS: '3600',
};
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
  return () => sink.close();
});
const storey = scopedStorey(env, now);
/** How many e-mails Sofia had before her site was silenced. */
const sofiaBeforeSilence = { count: 0 };
const londonQuarter = '100020';

const emailOf = (person: DemoPerson) => demoUsers.find((user) => user.username === person)!.email;
const mailsTo = (person: DemoPerson) =>
  sink.received
    .filter((mail) => mail.to.includes(emailOf(person)))
    .map((mail) => mailText(mail.raw));
const deliver = () => storey.context.running.storey.app.notifier!.deliverDue();
const openAlarms = async (person: DemoPerson): Promise<AlarmSummary[]> =>
  alarmList.parse((await storey.context.as(person, '/api/alarms?limit=1000')).json()).items;

// First: the later tests move the clock past the sessions' idle limit.
describe('quiet hours', () => {
  it("keeps a person's quiet hours in their own time zone, and refuses a zone nobody knows", async () => {
    const { as } = storey.context;
    const set = await as('dana', '/api/me/notifications', {
      method: 'POST',
      body: { quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Helsinki' } },
    });
    expect(set.status).toBe(204);
    const setting = notificationSetting.parse((await as('dana', '/api/me/notifications')).json());
    expect(setting).toMatchObject({
      emailOn: true,
      chosen: false,
      quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Helsinki' },
    });
    const unknown = await as('dana', '/api/me/notifications', {
      method: 'POST',
      body: { quietHours: { from: '22:00', to: '07:00', timeZone: 'Mars/Olympus' } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: expect.stringMatching(/Mars\/Olympus.*IANA/) });
    const badTime = await as('dana', '/api/me/notifications', {
      method: 'POST',
      body: { quietHours: { from: '25:00', to: '07:00', timeZone: 'UTC' } },
    });
    expect(badTime.status).toBe(400);
    expect(
      (await as('dana', '/api/me/notifications', { method: 'POST', body: { quietHours: null } }))
        .status,
    ).toBe(204);
    expect(
      notificationSetting.parse((await as('dana', '/api/me/notifications')).json()).quietHours,
    ).toBeNull();
  });
});

describe('noise figures', () => {
  it('are for administrators: a fortnight of raises, and what chatters or stands', async () => {
    const { as } = storey.context;
    const answer = await as('alex', '/api/alarms/noise');
    expect(answer.status).toBe(200);
    const noise = alarmNoise.parse(answer.json());
    expect(noise.perDay).toHaveLength(14);
    const raisedToday = noise.perDay.at(-1)!.raised;
    const total = alarmList.parse((await as('alex', '/api/alarms?limit=1')).json()).total;
    expect(raisedToday).toBeGreaterThanOrEqual(total);
    expect(noise.standing.count).toBe(0);
    const refused = await as('sofia', '/api/alarms/noise');
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'not-admin' });
  });
});

describe('silences', () => {
  it("lets a site's FM silence their site for a reason and an end, and tells nobody meanwhile", async () => {
    const { as } = storey.context;
    const endsAt = new Date(now() + 2 * 60 * minute).toISOString();
    sofiaBeforeSilence.count = mailsTo('sofia').length;
    const danaBefore = mailsTo('dana').length;
    const made = await as('sofia', '/api/alarms/silences', {
      method: 'POST',
      body: { place: { kind: 'site', id: londonQuarter }, reason: 'Chiller replacement', endsAt },
    });
    expect(made.status).toBe(201);
    const silence = alarmSilence.parse(made.json());
    expect(silence).toMatchObject({
      place: { kind: 'site', id: londonQuarter, name: 'London Quarter' },
      reason: 'Chiller replacement',
      endsAt,
      by: { sub: 'demo-sofia' },
    });

    // Sofia's alarms are all London Quarter's: each says until when it is silenced.
    const sofias = await openAlarms('sofia');
    expect(sofias.length).toBeGreaterThan(0);
    for (const alarm of sofias) expect(alarm.silencedUntil).toBe(endsAt);
    // Dana sees the other sites' alarms unsilenced.
    expect((await openAlarms('dana')).some((alarm) => alarm.silencedUntil === null)).toBe(true);

    // Who may see the site sees the silence; Tom (one building elsewhere) does not.
    expect(silenceList.parse((await as('dana', '/api/alarms/silences')).json()).items).toEqual([
      silence,
    ]);
    expect(silenceList.parse((await as('tom', '/api/alarms/silences')).json()).items).toEqual([]);

    shift.ms += 6 * minute;
    await deliver();
    expect(mailsTo('sofia').slice(sofiaBeforeSilence.count)).toEqual([]);
    const sofiasIds = new Set(sofias.map((alarm) => alarm.id));
    for (const mail of mailsTo('dana').slice(danaBefore))
      for (const id of sofiasIds) expect(mail).not.toMatch(new RegExp(`/alarms/${id}\\b`));
    expect(mailsTo('dana').length).toBeGreaterThan(danaBefore);
  });

  it('refuses a silence from someone who may not act there, or one without an end, in words', async () => {
    const { as } = storey.context;
    const body = (place: { kind: string; id: string }, endsAt: string, reason = 'Works') => ({
      method: 'POST' as const,
      body: { place, reason, endsAt },
    });
    const later = new Date(now() + 60 * minute).toISOString();
    const skyline = { kind: 'building', id: 'd27d85ab-c6a1-4b37-bc49-50e7b6f0ae06' };
    // Tom may see Skyline Tower but not act on it; Pat may not see London Quarter at all.
    const tom = await as('tom', '/api/alarms/silences', body(skyline, later));
    expect(tom.status).toBe(403);
    expect(tom.json()).toMatchObject({ reason: 'not-operator' });
    const pat = await as(
      'pat',
      '/api/alarms/silences',
      body({ kind: 'site', id: londonQuarter }, later),
    );
    expect(pat.status).toBe(404);
    expect(pat.json()).toMatchObject({ reason: 'not-found-or-not-shared' });

    const past = await as(
      'dana',
      '/api/alarms/silences',
      body(skyline, new Date(now() - minute).toISOString()),
    );
    expect(past.status).toBe(422);
    expect(past.json()).toMatchObject({ reason: 'ends-before-now' });
    const tooLong = await as(
      'dana',
      '/api/alarms/silences',
      body(skyline, new Date(now() + 40 * 24 * 60 * minute).toISOString()),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.json()).toMatchObject({ detail: expect.stringMatching(/at most 31 days/) });
    const noReason = await as('dana', '/api/alarms/silences', body(skyline, later, '  '));
    expect(noReason.status).toBe(400);
    expect(noReason.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await as('dana', '/api/alarms/silences', { method: 'DELETE' })).status).toBe(405);
  });
});

describe("the index's own failures", () => {
  it('are seen by those who see the whole portfolio and e-mailed to its administrators only', async () => {
    const { as, running } = storey.context;
    const { db } = running.storey.app.portfolioIndex!.database;
    for (const error of ['The platform answered 502.', 'The platform answered 503.'])
      await db
        .insertInto('energy_round')
        .values({
          instance: 'elsewhere',
          started_at: new Date(now()),
          finished_at: new Date(now()),
          error,
        })
        .execute();
    const before = sink.received.length;
    await deliver();
    const failing = (person: DemoPerson) =>
      as(person, '/api/alarms?kind=index-failure').then(
        (answer) => alarmList.parse(answer.json()).items,
      );
    const [seen] = await failing('alex');
    expect(seen).toMatchObject({ severity: 'critical', buildingId: '' });
    expect(await failing('dana')).toHaveLength(1);
    for (const person of ['sofia', 'pat', 'tom', 'sam'] as const)
      expect(await failing(person), person).toEqual([]);
    expect((await as('sofia', `/api/alarms/${seen!.id}`)).status).toBe(404);

    shift.ms += 6 * minute;
    await deliver();
    const told = sink.received
      .slice(before)
      .filter((mail) => mailText(mail.raw).includes(`/alarms/${seen!.id}`))
      .flatMap((mail) => mail.to);
    expect(told.sort()).toEqual([emailOf('alex'), emailOf('dana')].sort());
  });
});

describe('escalation', () => {
  it("tells the building's administrators once of an alarm nobody acknowledged in time, and not of one acknowledged", async () => {
    const { as } = storey.context;
    const danas = (await openAlarms('dana')).filter(
      (alarm) => alarm.silencedUntil === null && alarm.clearedAt === null,
    );
    expect(danas.length).toBeGreaterThan(1);
    const [handled, ...waiting] = danas;
    expect(
      (await as('dana', `/api/alarms/${handled!.id}/acknowledge`, { method: 'POST', body: {} }))
        .status,
    ).toBe(204);

    const before = mailsTo('alex').length;
    shift.ms += 31 * minute;
    await deliver();
    const escalations = mailsTo('alex')
      .slice(before)
      .filter((mail) => /Nobody has acknowledged/.test(mail));
    expect(escalations.length).toBeGreaterThan(0);
    const told = escalations.join('\n');
    expect(told).not.toMatch(new RegExp(`/alarms/${handled!.id}\\b`));
    for (const alarm of waiting) expect(told).toMatch(new RegExp(`/alarms/${alarm.id}\\b`));
    // Operators are not told twice (Pat was told of their alarms first); the silenced site's
    // alarms did not escalate.
    expect(mailsTo('pat').length).toBeGreaterThan(0);
    expect(mailsTo('pat').some((mail) => /Nobody has acknowledged/.test(mail))).toBe(false);
    expect(mailsTo('sofia').slice(sofiaBeforeSilence.count)).toEqual([]);

    const detail = alarmDetail.parse((await as('dana', `/api/alarms/${waiting[0]!.id}`)).json());
    expect(detail.alarm.escalatedAt).not.toBeNull();
    expect(detail.events.filter((event) => event.type === 'escalated')).toHaveLength(1);
    const quiet = alarmDetail.parse((await as('dana', `/api/alarms/${handled!.id}`)).json());
    expect(quiet.events.map((event) => event.type)).not.toContain('escalated');

    // Once: another pass later tells nobody again.
    const after = sink.received.length;
    shift.ms += 31 * minute;
    await deliver();
    expect(
      sink.received
        .slice(after)
        .filter((mail) => /Nobody has acknowledged/.test(mailText(mail.raw))),
    ).toEqual([]);
  });
});
