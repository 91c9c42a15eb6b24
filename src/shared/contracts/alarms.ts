import { z } from '../zod.ts';

/**
 * Alarms, as the BFF answers them and the dashboard reads them (decision 0021): what is wrong,
 * since when, and who has it. Defined once; the server's tests parse its answers with these.
 */

/**
 * `comfort`: a room out of its band for the on-delay; `no-data`: a sensor stopped reporting;
 * `meter-silent`: an energy meter sent nothing for `longestQuietMs`; `meter-stuck`: a meter's
 * total did not move over a whole day of its site's clock it was read for; `quality`: an
 * error-level data-quality finding new in a sync; `index-failure`: the sync or a round of the
 * index failed twice in a row (about the index itself: no building, `buildingId` empty).
 */
export const alarmKinds = [
  'comfort',
  'no-data',
  'meter-silent',
  'meter-stuck',
  'quality',
  'index-failure',
] as const;
export type AlarmKind = (typeof alarmKinds)[number];

/**
 * Kinds a person may clear by hand (a sensor or meter removed for good); the others clear
 * themselves when their readings are back.
 */
export const clearableByHand: ReadonlySet<AlarmKind> = new Set(['no-data', 'meter-silent']);

export const alarmSeverities = ['critical', 'major', 'minor'] as const;
export type AlarmSeverity = (typeof alarmSeverities)[number];

/** Severity as the database sorts it (1 first). */
export const severityRank: Readonly<Record<AlarmSeverity, number>> = {
  critical: 1,
  major: 2,
  minor: 3,
};

/**
 * The worklist's views: `open` (active or unacknowledged), `unacknowledged`, `mine` (open and
 * assigned to the person), `cleared` (closed: cleared and acknowledged).
 */
export const alarmViews = ['open', 'unacknowledged', 'mine', 'cleared'] as const;
export type AlarmView = (typeof alarmViews)[number];

export const alarmEventTypes = [
  'raised',
  're-raised',
  'cleared',
  'acknowledged',
  'assigned',
  'unassigned',
  'commented',
  'escalated',
] as const;

/** The longest comment kept (plain text). */
export const maxCommentLength = 2000;

const person = z.object({ sub: z.string(), name: z.nullable(z.string()) });

export const alarmSummary = z.object({
  id: z.number(),
  kind: z.enum(alarmKinds),
  severity: z.enum(alarmSeverities),
  /** What is measured: temperature, co2 or humidity. */
  measure: z.nullable(z.string()),
  /** `low` or `high` for comfort alarms. */
  direction: z.nullable(z.enum(['low', 'high'])),
  value: z.nullable(z.number()),
  unit: z.nullable(z.string()),
  /** The band's limits the value is judged against. */
  band: z.nullable(
    z.object({
      low: z.nullable(z.number()),
      high: z.nullable(z.number()),
      /** Where it comes from (a server room's envelope is not an office's); null if not kept. */
      source: z.nullable(z.string()),
    }),
  ),
  measurementId: z.nullable(z.string()),
  sensorName: z.nullable(z.string()),
  readingAt: z.nullable(z.string()),
  buildingId: z.string(),
  buildingName: z.nullable(z.string()),
  levelKey: z.nullable(z.string()),
  levelName: z.nullable(z.string()),
  roomId: z.nullable(z.string()),
  roomName: z.nullable(z.string()),
  raisedAt: z.string(),
  /** Condition: null while active. */
  clearedAt: z.nullable(z.string()),
  /** Handling: null while unacknowledged. */
  acknowledgedAt: z.nullable(z.string()),
  acknowledgedBy: z.nullable(person),
  assignee: z.nullable(person),
  /** Raised and cleared in turn within a few hours: kept as one alarm. */
  chattering: z.boolean(),
  /** How many times it was raised again while open. */
  reRaised: z.number(),
  lastComment: z.nullable(z.string()),
  /** A data-quality finding's or a failure's own words. */
  detail: z.nullable(z.string()),
  /** When nobody acknowledged it in time and the next route was told. */
  escalatedAt: z.nullable(z.string()),
  /** While a silence holds over its building or site: when it ends (nobody is told till then). */
  silencedUntil: z.nullable(z.string()),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;

/** GET /api/alarms: one page of the worklist and the counts the app bar shows. */
export const alarmList = z.object({
  items: z.array(alarmSummary),
  total: z.number(),
  counts: z.object({ open: z.number(), unacknowledged: z.number(), mine: z.number() }),
  asOf: z.string(),
});
export type AlarmList = z.infer<typeof alarmList>;

export const alarmEvent = z.object({
  at: z.string(),
  type: z.enum(alarmEventTypes),
  actor: z.nullable(person),
  /** A comment's text, an assignee's name, or the value at a raise or clear. */
  text: z.nullable(z.string()),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

/** GET /api/alarms/:id: the alarm, its timeline, and whether the person may act on it. */
export const alarmDetail = z.object({
  alarm: alarmSummary,
  events: z.array(alarmEvent),
  /** The person may acknowledge, assign and comment (operator or admin of its building). */
  mayAct: z.boolean(),
  /** People the alarm may be assigned to: those whose access covers its building. */
  assignees: z.array(person),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

/**
 * The noise figures (ISA-18.2's measures of an alarm system people still read): over the last
 * `noiseDays` days, alarms raised per day, floods (more than `floodAlarms` alarms told to one
 * person within `floodMinutes`), chattering alarms, and alarms open longer than `standingHours`.
 */
export const noiseDays = 14;
export const floodAlarms = 10;
export const floodMinutes = 10;
export const standingHours = 24;

/** GET /api/alarms/noise (administrators). */
export const alarmNoise = z.object({
  since: z.string(),
  /** Each UTC day of the period, oldest first: alarms raised and raised again. */
  perDay: z.array(z.object({ day: z.string(), raised: z.number() })),
  /** Each stretch of `floodMinutes` in which one person was told of more than `floodAlarms`. */
  floods: z.array(z.object({ recipient: person, from: z.string(), alarms: z.number() })),
  chattering: z.object({ count: z.number(), most: z.array(alarmSummary) }),
  standing: z.object({ count: z.number(), oldest: z.array(alarmSummary) }),
});
export type AlarmNoise = z.infer<typeof alarmNoise>;

/** The longest a silence may last: a month; longer is a change of the building, not a silence. */
export const maxSilenceDays = 31;

/** A silence: a building's or a site's alarms kept but not told, for a reason, until an end. */
export const alarmSilence = z.object({
  id: z.number(),
  place: z.object({
    kind: z.enum(['building', 'site']),
    id: z.string(),
    name: z.nullable(z.string()),
  }),
  reason: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  by: person,
});
export type AlarmSilence = z.infer<typeof alarmSilence>;

/** GET /api/alarms/silences: the silences over places the person may see. */
export const silenceList = z.object({ items: z.array(alarmSilence) });

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A person's quiet hours: "22:00" to "07:00" on the clock of their IANA time zone. */
export const quietHours = z.object({
  from: z.string().check(z.regex(clockTime, 'must be a time as HH:MM')),
  to: z.string().check(z.regex(clockTime, 'must be a time as HH:MM')),
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type QuietHoursSetting = z.infer<typeof quietHours>;

/** GET /api/me/notifications: whether the person is e-mailed about new alarms. */
export const notificationSetting = z.object({
  /** The address their identity provider gave; null: none, so no e-mail can reach them. */
  email: z.nullable(z.string()),
  emailOn: z.boolean(),
  /** false: the default (on where the person may act on alarms), never changed by them. */
  chosen: z.boolean(),
  /** Where e-mail goes: `embedded` is the demo's own mail system; `none` sends nothing. */
  smtp: z.enum(['configured', 'embedded', 'none']),
  /** E-mails written in these hours wait until they end, except critical ones; null: none. */
  quietHours: z.nullable(quietHours),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

/** GET /api/admin/outbox: the newest messages Storey wrote, and whether they went. */
export const outboxAnswer = z.object({
  smtp: z.enum(['configured', 'embedded', 'none']),
  items: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      recipient: person,
      /** `email` to `email`; `webhook` to `target` (signed, Standard Webhooks). */
      channel: z.enum(['email', 'webhook']),
      email: z.nullable(z.string()),
      target: z.nullable(z.string()),
      subject: z.string(),
      body: z.string(),
      status: z.enum(['pending', 'sending', 'sent', 'failed']),
      attempts: z.number(),
      nextAttemptAt: z.nullable(z.string()),
      lastError: z.nullable(z.string()),
      sentAt: z.nullable(z.string()),
    }),
  ),
});
export type OutboxAnswer = z.infer<typeof outboxAnswer>;
