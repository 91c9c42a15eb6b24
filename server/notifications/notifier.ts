import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { IndexTables } from '../portfolio-index/core/tables.ts';
import { composeAlarmEmail, SendError, type Mailer } from './email.ts';
import { notificationOutbox, type Recipient } from './outbox.ts';

export interface Notifier {
  /** One pass: due batches into messages, then every message due sent (what the timer runs). */
  deliverDue(): Promise<{ written: number; sent: number; failed: number }>;
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
export function createNotifier(options: {
  db: Kysely<IndexTables>;
  clock: Clock;
  recipientsOf: (buildingId: string) => Promise<Recipient[]>;
  mailer: Mailer | undefined;
  smtp: Notifier['smtp'];
  publicUrl: string;
  everyMs: number;
  log: FastifyBaseLogger;
}): Notifier {
  const outbox = notificationOutbox(options.db);
  const now = () => new Date(options.clock.now());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const pass = async () => {
    const written = await outbox.expandDue(now(), options.recipientsOf, (alarms) =>
      composeAlarmEmail(alarms, options.publicUrl),
    );
    let sent = 0;
    let failed = 0;
    if (!options.mailer) return { written, sent, failed };
    for (;;) {
      const due = await outbox.claimDue(now(), 20);
      if (due.length === 0) break;
      for (const message of due) {
        try {
          await options.mailer.send(message);
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
      }
      // What failed waits for its back-off: this pass ends rather than try it again at once.
      if (failed > 0) break;
    }
    return { written, sent, failed };
  };

  const deliverDue = async () => {
    // One pass at a time in this process; the timer skips a beat rather than pile up.
    while (running) await running.catch(() => {});
    const current = pass();
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
      timer = setInterval(() => {
        if (running) return;
        deliverDue().catch((error: unknown) =>
          options.log.warn({ err: error }, 'Alarm notifications could not be sent.'),
        );
      }, options.everyMs);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await running?.catch(() => {});
      options.mailer?.close();
    },
  };
}
