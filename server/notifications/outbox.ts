import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { IndexTables } from '../portfolio-index/core/tables.ts';
import { alarmSummaryOf } from '../portfolio-index/alarms/queries.ts';
import { silencedUntil } from '../portfolio-index/alarms/silences.ts';
import type { AlarmSummary } from '../../src/shared/contracts/alarms.ts';
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

/** Waits before the next attempt: 30 s doubling to at most an hour. */
export const retryAfterMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/**
 * The outbox (decision 0021): batches of alarms become one message per recipient once their
 * window has passed; each message is claimed, sent and marked, so every message is sent at least
 * once, a crash mid-send sends it again under the same Message-ID, and a dedupe key is never
 * written twice.
 */
export function notificationOutbox(db: Kysely<IndexTables>) {
  /**
   * The batch's alarms still worth telling, with their building's name as the served index has
   * it: open and not under a silence; for an escalation, also still unacknowledged.
   */
  const alarmsToTell = async (
    ids: number[],
    route: NotificationRoute,
    now: Date,
  ): Promise<AlarmSummary[]> => {
    const handled =
      route === 'escalation'
        ? sql`a.acked_at is null`
        : sql`(a.cleared_at is null or a.acked_at is null)`;
    const { rows } = await sql<Parameters<typeof alarmSummaryOf>[0]>`select * from (
        select a.*, b.name as building_name, ${silencedUntil(now)} as silenced_until
        from alarm a
        left join index_current c on true
        left join indexed_building b on b.run_id = c.run_id and b.id = a.building_id
        where a.id = any(${ids}::integer[]) and ${handled}) told
      where silenced_until is null
      order by severity, id`.execute(db);
    return rows.map(alarmSummaryOf);
  };

  return {
    /**
     * Writes the messages of every batch whose window has passed: one per recipient, its words
     * from `compose`. A batch whose alarms were all handled before it was due says nothing.
     */
    async expandDue(
      now: Date,
      recipientsOf: (buildingId: string, route: NotificationRoute) => Promise<Recipient[]>,
      compose: (
        alarms: AlarmSummary[],
        route: NotificationRoute,
      ) => { subject: string; body: string },
      webhook?: {
        url: string;
        payload: (alarms: AlarmSummary[], route: NotificationRoute) => string;
      },
    ): Promise<number> {
      let written = 0;
      const due = await db
        .selectFrom('notification_batch')
        .select(['id', 'building_id', 'alarm_ids', 'route'])
        .where('expanded_at', 'is', null)
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(500)
        .execute();
      for (const batch of due) {
        // Worked out before the batch is locked: the embedded database has one connection.
        const alarms = await alarmsToTell(batch.alarm_ids, batch.route, now);
        const recipients =
          alarms.length > 0 ? await recipientsOf(batch.building_id, batch.route) : [];
        const { subject, body } =
          alarms.length > 0 ? compose(alarms, batch.route) : { subject: '', body: '' };
        // A critical alarm is told at once, quiet hours or not.
        const urgent = alarms.some((alarm) => alarm.severity === 'critical');
        const messages: Array<{
          dedupe_key: string;
          recipient: string;
          recipient_name: string | null;
          channel: 'email' | 'webhook';
          email: string | null;
          target: string | null;
          subject: string;
          body: string;
          next_attempt_at: Date;
        }> = recipients.map((recipient) => ({
          dedupe_key: `batch:${batch.id}:${recipient.sub}`,
          recipient: recipient.sub,
          recipient_name: recipient.name,
          channel: 'email',
          email: recipient.email,
          target: null,
          subject,
          body,
          next_attempt_at:
            recipient.quiet && !urgent
              ? new Date(quietHoursEnd(now.getTime(), recipient.quiet))
              : now,
        }));
        if (webhook && alarms.length > 0)
          messages.push({
            dedupe_key: `batch:${batch.id}:webhook`,
            recipient: 'webhook',
            recipient_name: null,
            channel: 'webhook',
            email: null,
            target: webhook.url,
            subject,
            body: webhook.payload(alarms, batch.route),
            next_attempt_at: now,
          });
        written += await db.transaction().execute(async (trx) => {
          // Another instance may have written this batch's messages meanwhile: then nothing here.
          const { rows } = await sql<{ id: number }>`select id from notification_batch
            where id = ${batch.id} and expanded_at is null for update skip locked`.execute(trx);
          if (rows.length === 0) return 0;
          let inserted = 0;
          for (const message of messages) {
            const result = await trx
              .insertInto('notification_outbox')
              .values({
                ...message,
                batch_id: batch.id,
                building_id: batch.building_id,
                status: 'pending',
                created_at: now,
              })
              .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
              .executeTakeFirst();
            inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
          }
          await trx
            .updateTable('notification_batch')
            .set({ expanded_at: now })
            .where('id', '=', batch.id)
            .execute();
          return inserted;
        });
      }
      return written;
    },

    /**
     * Claims up to `limit` messages of `channels` due now (pending, or claimed by a sender that
     * went away).
     */
    async claimDue(
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
    },

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
    async recent(limit: number) {
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
    },
  };
}
export type NotificationOutbox = ReturnType<typeof notificationOutbox>;
