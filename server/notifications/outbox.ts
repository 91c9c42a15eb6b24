import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { IndexTables } from '../portfolio-index/core/tables.ts';
import { alarmSummaryOf } from '../portfolio-index/alarms/queries.ts';
import { silencedUntil } from '../portfolio-index/alarms/silences.ts';
import { severityRank, type AlarmSummary } from '../../src/shared/contracts/alarms.ts';
import { quietHoursEnd, type QuietHours } from '../../src/shared/rules/quiet-hours.ts';

/** Someone to tell about a building's alarms. */
export interface Recipient {
  sub: string;
  name: string | null;
  email: string;
  /** Their quiet hours: what is written in them waits until they end (critical alarms do not). */
  quiet?: QuietHours | undefined;
}

/** Who is told: `first` those who look after the building, `escalation` the next route. */
export type NotificationRoute = 'first' | 'escalation';

export interface OutboxMessage {
  id: number;
  dedupeKey: string;
  channel: 'email' | 'webhook';
  /** The address of an e-mail; null for a webhook call. */
  email: string | null;
  /** The URL of a webhook call; null for an e-mail. */
  target: string | null;
  recipientName: string | null;
  subject: string;
  body: string;
  attempts: number;
}

/** A stable Message-ID per dedupe key: a message sent twice after a crash is one to the mail system. */
export const messageIdOf = (dedupeKey: string) =>
  `<${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@storey>`;

/** How long a sender holds a message before another instance may try it (a crash mid-send). */
const claimMs = 2 * 60_000;

/** Messages written in one statement at most (each carries a dozen parameters). */
const messagesAtOnce = 400;

/** Waits before the next attempt: 30 s doubling to at most an hour. */
export const retryAfterMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/**
 * The alarms still worth telling among `ids`, with their building's name as the served index
 * has it: open and not under a silence (an escalation also needs them unacknowledged: its
 * caller filters).
 */
const alarmsToTell = async (
  db: Kysely<IndexTables>,
  ids: number[],
  now: Date,
): Promise<Map<number, AlarmSummary>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Parameters<typeof alarmSummaryOf>[0]>`select * from (
      select a.*, b.name as building_name, ${silencedUntil(now)} as silenced_until
      from alarm a
      left join index_current c on true
      left join indexed_building b on b.run_id = c.run_id and b.id = a.building_id
      where a.id = any(${ids}::integer[]) and (a.cleared_at is null or a.acked_at is null)) told
    where silenced_until is null
    order by severity, id`.execute(db);
  return new Map(rows.map((row) => [row.id, alarmSummaryOf(row)]));
};

/** Batches whose window has passed, expanded by a pass at most (the rest wait for the next). */
const batchesAtOnce = 500;

/**
 * Writes the messages of every batch whose window has passed: one per recipient, its words
 * from `compose`. A batch whose alarms were all handled before it was due says nothing. A
 * pass's batches take a handful of statements whatever their number (a round that raised
 * alarms in thousands of buildings made thousands of batches due in one window; one
 * transaction and five statements each kept people waiting many windows: issue #53's bench).
 */
export async function expandDue(
  db: Kysely<IndexTables>,
  now: Date,
  recipientsOf: RecipientsOf,
  compose: (alarms: AlarmSummary[], route: NotificationRoute) => { subject: string; body: string },
  webhook?: WebhookTarget,
): Promise<number> {
  let written = 0;
  for (;;) {
    const due = await db
      .selectFrom('notification_batch')
      .select(['id', 'building_id', 'alarm_ids', 'route'])
      .where('expanded_at', 'is', null)
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('id')
      .limit(batchesAtOnce)
      .execute();
    if (due.length === 0) return written;
    // Worked out before the batches are locked: the embedded database has one connection.
    const toTell = await alarmsOfBatches(db, due, now);
    const recipients = await recipientsOfBatches(due, toTell, recipientsOf);
    const messages = due.flatMap((batch) =>
      batchMessages(batch, toTell.get(batch.id)!, {
        recipients: recipients.get(batch.route)!.get(batch.building_id) ?? [],
        compose,
        webhook,
        now,
      }),
    );
    const { inserted, took } = await writeMessages(db, due, messages, now);
    written += inserted;
    // The last of them, or another instance is at them: the next pass sees what is left.
    if (due.length < batchesAtOnce || took < due.length) return written;
  }
}

type RecipientsOf = (
  buildingIds: readonly string[],
  route: NotificationRoute,
) => Promise<ReadonlyMap<string, Recipient[]>>;
interface WebhookTarget {
  url: string;
  payload: (alarms: AlarmSummary[], route: NotificationRoute) => string;
}
interface DueBatch {
  id: number;
  building_id: string;
  alarm_ids: number[];
  route: NotificationRoute;
}

/** Each batch's alarms still to tell (open, not silenced; an escalation's unacknowledged). */
async function alarmsOfBatches(db: Kysely<IndexTables>, due: readonly DueBatch[], now: Date) {
  const alarms = await alarmsToTell(
    db,
    due.flatMap((batch) => batch.alarm_ids),
    now,
  );
  return new Map(
    due.map((batch) => [
      batch.id,
      batch.alarm_ids.flatMap((id) => {
        const alarm = alarms.get(id);
        // An escalation is for what nobody has acknowledged yet.
        if (!alarm || (batch.route === 'escalation' && alarm.acknowledgedAt !== null)) return [];
        return [alarm];
      }),
    ]),
  );
}

/** Who is told of each route's buildings, asked once per route for the buildings with news. */
async function recipientsOfBatches(
  due: readonly DueBatch[],
  toTell: ReadonlyMap<number, AlarmSummary[]>,
  recipientsOf: RecipientsOf,
) {
  const recipients = new Map<NotificationRoute, ReadonlyMap<string, Recipient[]>>();
  for (const route of ['first', 'escalation'] as const) {
    const buildings = due
      .filter((batch) => batch.route === route && toTell.get(batch.id)!.length > 0)
      .map((batch) => batch.building_id);
    recipients.set(
      route,
      buildings.length === 0 ? new Map() : await recipientsOf([...new Set(buildings)], route),
    );
  }
  return recipients;
}

/** A batch's messages: one per recipient, and the webhook's; none when nothing is left to tell. */
function batchMessages(
  batch: DueBatch,
  alarms: readonly AlarmSummary[],
  to: {
    recipients: readonly Recipient[];
    compose: (
      alarms: AlarmSummary[],
      route: NotificationRoute,
    ) => { subject: string; body: string };
    webhook: WebhookTarget | undefined;
    now: Date;
  },
) {
  const { now, webhook } = to;
  const told = [...alarms].sort(
    (a, b) => severityRank[a.severity] - severityRank[b.severity] || a.id - b.id,
  );
  if (told.length === 0) return [];
  const { subject, body } = to.compose(told, batch.route);
  // A critical alarm is told at once, quiet hours or not.
  const urgent = told.some((alarm) => alarm.severity === 'critical');
  const common = {
    batch_id: batch.id,
    building_id: batch.building_id,
    status: 'pending' as const,
    created_at: now,
    subject,
  };
  return [
    ...to.recipients.map((recipient) => ({
      ...common,
      dedupe_key: `batch:${batch.id}:${recipient.sub}`,
      recipient: recipient.sub,
      recipient_name: recipient.name,
      channel: 'email' as const,
      email: recipient.email,
      target: null,
      body,
      next_attempt_at:
        recipient.quiet && !urgent ? new Date(quietHoursEnd(now.getTime(), recipient.quiet)) : now,
    })),
    ...(webhook
      ? [
          {
            ...common,
            dedupe_key: `batch:${batch.id}:webhook`,
            recipient: 'webhook',
            recipient_name: null,
            channel: 'webhook' as const,
            email: null,
            target: webhook.url,
            body: webhook.payload(told, batch.route),
            next_attempt_at: now,
          },
        ]
      : []),
  ];
}

/** A message as it is first written to the outbox, pending. */
type NewOutboxRow = ReturnType<typeof batchMessages>[number];

/**
 * The messages of the batches this instance takes, written with the batches marked expanded in
 * one transaction; another instance may be expanding some of them meanwhile: those are its.
 */
async function writeMessages(
  db: Kysely<IndexTables>,
  due: readonly DueBatch[],
  messages: readonly NewOutboxRow[],
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`select id from notification_batch
      where id = any(${due.map((batch) => batch.id)}::integer[]) and expanded_at is null
      for update skip locked`.execute(trx);
    const mine = new Set(rows.map((row) => row.id));
    if (mine.size === 0) return { inserted: 0, took: 0 };
    let inserted = 0;
    const ours = messages.filter((message) => mine.has(message.batch_id));
    for (let start = 0; start < ours.length; start += messagesAtOnce) {
      const result = await trx
        .insertInto('notification_outbox')
        .values(ours.slice(start, start + messagesAtOnce))
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    await trx
      .updateTable('notification_batch')
      .set({ expanded_at: now })
      .where('id', '=', sql<number>`any(${[...mine]}::integer[])`)
      .execute();
    return { inserted, took: mine.size };
  });
}

/**
 * Claims up to `limit` messages of `channels` due now (pending, or claimed by a sender that
 * went away).
 */
async function claimDue(
  db: Kysely<IndexTables>,
  now: Date,
  limit: number,
  channels: readonly ('email' | 'webhook')[] = ['email'],
): Promise<OutboxMessage[]> {
  const { rows } = await sql<{
    id: number;
    dedupe_key: string;
    channel: 'email' | 'webhook';
    email: string | null;
    target: string | null;
    recipient_name: string | null;
    subject: string;
    body: string;
    attempts: number;
  }>`update notification_outbox set status = 'sending', claimed_until = ${new Date(now.getTime() + claimMs)},
      attempts = attempts + 1
    where id in (select id from notification_outbox
      where channel = any(${[...channels]}::text[])
        and ((status = 'pending' and next_attempt_at <= ${now})
          or (status = 'sending' and claimed_until <= ${now}))
      order by next_attempt_at, id limit ${limit} for update skip locked)
    returning id, dedupe_key, channel, email, target, recipient_name, subject, body, attempts`.execute(
    db,
  );
  // An update returns its rows in no set order: oldest first, as they were written.
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      dedupeKey: row.dedupe_key,
      channel: row.channel,
      email: row.email,
      target: row.target,
      recipientName: row.recipient_name,
      subject: row.subject,
      body: row.body,
      attempts: row.attempts,
    }));
}

/** The newest messages, for the administrators' Outbox page. */
async function recentMessages(db: Kysely<IndexTables>, limit: number) {
  const rows = await db
    .selectFrom('notification_outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.created_at)!,
    recipient: { sub: row.recipient, name: row.recipient_name },
    channel: row.channel,
    email: row.email,
    target: row.target,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
  }));
}

type ClaimArguments = Parameters<typeof claimDue> extends [unknown, ...infer Rest] ? Rest : never;
type ExpandArguments = Parameters<typeof expandDue> extends [unknown, ...infer Rest] ? Rest : never;

/**
 * The outbox (decision 0021): batches of alarms become one message per recipient once their
 * window has passed; each message is claimed, sent and marked, so every message is sent at least
 * once, a crash mid-send sends it again under the same Message-ID, and a dedupe key is never
 * written twice.
 */
export function notificationOutbox(db: Kysely<IndexTables>) {
  return {
    /** See `expandDue`. */
    expandDue: (...args: ExpandArguments) => expandDue(db, ...args),

    /** When the next batch not yet written falls due; undefined when none waits. */
    async nextDueAt(): Promise<Date | undefined> {
      const row = await db
        .selectFrom('notification_batch')
        .select((eb) => eb.fn.min('due_at').as('due_at'))
        .where('expanded_at', 'is', null)
        .executeTakeFirst();
      return row?.due_at == null ? undefined : new Date(row.due_at as Date | string);
    },

    /** See `claimDue`. */
    claimDue: (...args: ClaimArguments) => claimDue(db, ...args),

    async sent(id: number, now: Date) {
      await db
        .updateTable('notification_outbox')
        .set({ status: 'sent', sent_at: now, claimed_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt: tried again after a back-off, or never when the failure is permanent. */
    async failed(message: OutboxMessage, now: Date, error: string, permanent: boolean) {
      await db
        .updateTable('notification_outbox')
        .set({
          status: permanent ? 'failed' : 'pending',
          claimed_until: null,
          last_error: error.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryAfterMs(message.attempts)),
        })
        .where('id', '=', message.id)
        .execute();
    },

    /** The newest messages, for the administrators' Outbox page. */
    recent: (limit: number) => recentMessages(db, limit),
  };
}
