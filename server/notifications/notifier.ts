import type { FastifyBaseLogger } from 'fastify';
import pMap from 'p-map';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { IndexTables } from '../portfolio-index/core/tables.ts';
import { escalateDue } from '../portfolio-index/alarms/escalate.ts';
import { deriveIndexFailureAlarms } from '../portfolio-index/alarms/index-alarms.ts';
import { defaultAlarmRules, type AlarmRules } from '../portfolio-index/alarms/rules.ts';
import { composeAlarmEmail, SendError, type Mailer } from './email.ts';
import {
  notificationOutbox,
  type NotificationRoute,
  type OutboxMessage,
  type Recipient,
} from './outbox.ts';
import { webhookPayload, type WebhookSender } from './webhook.ts';

/** The least a pass waits for the next (a batch another instance is expanding stays due). */
const minimumWaitMs = 1000;

/** Messages sent at once (each on its own SMTP connection or webhook request). */
const sendsAtOnce = 4;

export interface Notifier {
  /**
   * One pass (what the timer runs): alarms unacknowledged too long escalated, due batches into
   * messages, then every message due sent.
   */
  deliverDue(): Promise<{ written: number; sent: number; failed: number; escalated: number }>;
  start(): void;
  close(): Promise<void>;
  outbox: ReturnType<typeof notificationOutbox>;
  /** Where messages go: `none` keeps them in the outbox, unsent. */
  smtp: 'configured' | 'embedded' | 'none';
}

/**
 * Tells people about new alarms (decision 0021): every `everyMs`, and on demand in tests, it
 * turns due batches into one message per recipient and sends what is due through `mailer`.
 * Several instances may run it at once: the outbox's claims keep each message to one sender.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const outbox = notificationOutbox(options.db);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> | undefined;

  const deliverDue = async () => {
    // One pass at a time in this process; the timer skips a beat rather than pile up.
    while (running) await running.catch(() => {});
    const current = onePass(options, outbox);
    running = current;
    try {
      return await current;
    } finally {
      running = undefined;
    }
  };

  return {
    outbox,
    smtp: options.smtp,
    deliverDue,
    start() {
      // A pass every `everyMs`, and one when the next batch falls due if that is sooner: a
      // batch's window ends on its own time, and waiting for the next tick added up to a whole
      // period to every e-mail (issue #53: raise to SMTP within the window and 10 s).
      const tick = async () => {
        let wait = options.everyMs;
        try {
          await deliverDue();
          const next = await outbox.nextDueAt();
          if (next !== undefined)
            wait = Math.min(wait, Math.max(next.getTime() - options.clock.now(), minimumWaitMs));
        } catch (error) {
          options.log.warn({ err: error }, 'Alarm notifications could not be sent.');
        }
        if (stopped) return;
        timer = setTimeout(() => void tick(), wait);
        timer.unref();
      };
      timer = setTimeout(() => void tick(), options.everyMs);
      timer.unref();
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      options.mailer?.close();
      options.webhook?.sender.close();
    },
  };
}

export interface NotifierOptions {
  db: Kysely<IndexTables>;
  clock: Clock;
  /** Who is told about each of these buildings' alarms (plugin.ts: people in scope). */
  recipientsOf: (
    buildingIds: readonly string[],
    route: NotificationRoute,
  ) => Promise<ReadonlyMap<string, Recipient[]>>;
  mailer: Mailer | undefined;
  /** A signed webhook told about every batch (WEBHOOK_URL); undefined: none. */
  webhook?: { url: string; sender: WebhookSender } | undefined;
  /** Unacknowledged alarms go to the next route after this long; 0: never. */
  escalateMs?: number;
  /** How alarms are grouped (the index's failures are raised here, each pass). */
  alarmRules?: AlarmRules;
  smtp: Notifier['smtp'];
  publicUrl: string;
  everyMs: number;
  log: FastifyBaseLogger;
}

type Outbox = ReturnType<typeof notificationOutbox>;

/** One pass: the index's failures raised, escalations, due batches into messages, then sends. */
async function onePass(options: NotifierOptions, outbox: Outbox) {
  const { webhook, mailer } = options;
  const now = () => new Date(options.clock.now());
  await deriveIndexFailureAlarms(options.db, now(), options.alarmRules ?? defaultAlarmRules);
  const escalated = options.escalateMs
    ? await escalateDue(options.db, now(), options.escalateMs)
    : 0;
  const written = await outbox.expandDue(
    now(),
    options.recipientsOf,
    (alarms, route) => composeAlarmEmail(alarms, options.publicUrl, route),
    webhook && {
      url: webhook.url,
      payload: (alarms, route) => webhookPayload(alarms, route, options.publicUrl, now()),
    },
  );
  // Without a mail system e-mails wait in the outbox (the Outbox page shows them); webhooks go.
  const channels = [
    ...(mailer ? ['email' as const] : []),
    ...(webhook ? ['webhook' as const] : []),
  ];
  if (channels.length === 0) return { written, sent: 0, failed: 0, escalated };
  const { sent, failed } = await sendDue(options, outbox, channels);
  return { written, sent, failed, escalated };
}

/** Every message due on these channels, claimed, sent and marked; a failure ends the pass. */
async function sendDue(
  options: NotifierOptions,
  outbox: Outbox,
  channels: ReadonlyArray<'email' | 'webhook'>,
) {
  const now = () => new Date(options.clock.now());
  /** Who sends a message of this channel. */
  const senderOf = (message: OutboxMessage) =>
    message.channel === 'webhook' ? options.webhook!.sender : options.mailer!;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const due = await outbox.claimDue(now(), 20, [...channels]);
    if (due.length === 0) break;
    // A few at once: one at a time, a round that raised alarms in thousands of buildings kept
    // people waiting for their e-mail many windows (the bench: p95 26 minutes).
    await pMap(
      due,
      async (message) => {
        try {
          await senderOf(message).send(message);
          await outbox.sent(message.id, now());
          sent++;
        } catch (error) {
          failed++;
          const permanent = error instanceof SendError && error.permanent;
          await outbox.failed(
            message,
            now(),
            error instanceof Error ? error.message : String(error),
            permanent,
          );
        }
      },
      { concurrency: sendsAtOnce },
    );
    // What failed waits for its back-off: this pass ends rather than try it again at once.
    if (failed > 0) break;
  }
  return { sent, failed };
}
