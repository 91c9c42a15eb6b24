import nodemailer from 'nodemailer';
import type { AlarmSummary } from '../../src/shared/contracts/alarms.ts';
import { alarmWhat, alarmWhere } from '../../src/shared/rules/alarm-words.ts';
import { messageIdOf, type NotificationRoute, type OutboxMessage } from './outbox.ts';

const severityWord = { critical: 'Critical', major: 'Major', minor: 'Minor' } as const;

/**
 * One building's new alarms as one plain-text e-mail: what, where, since when, and a link to each
 * alarm. It names only that building (the recipient may see it: recipients are chosen by scope).
 */
export function composeAlarmEmail(
  alarms: readonly AlarmSummary[],
  publicUrl: string,
  route: NotificationRoute = 'first',
): { subject: string; body: string } {
  const [first] = alarms;
  // The first part of "where" is the building as every message and screen names it.
  const building = alarmWhere({ ...first!, levelName: null, roomName: null, roomId: null });
  const escalated = route === 'escalation';
  const subject = escalated
    ? `[Storey] Not acknowledged: ${alarms.length === 1 ? `${alarmWhat(first!).split(':')[0]} in ${alarmWhere(first!)}` : `${alarms.length} alarms in ${building}`}`
    : alarms.length === 1
      ? `[Storey] ${alarmWhat(first!).split(':')[0]} in ${alarmWhere(first!)}`
      : `[Storey] ${alarms.length} new alarms in ${building}`;
  const lines = alarms.map((alarm) =>
    [
      `${severityWord[alarm.severity]} · ${alarmWhat(alarm)}`,
      `  ${alarmWhere(alarm)}`,
      `  Raised ${alarm.raisedAt.replace('T', ' ').slice(0, 16)} UTC`,
      `  ${new URL(`/alarms/${alarm.id}`, publicUrl).href}`,
    ].join('\n'),
  );
  const body = [
    escalated
      ? `Nobody has acknowledged ${alarms.length === 1 ? 'this alarm' : `these ${alarms.length} alarms`} in ${building} in time, so you, an administrator of the building, are told:`
      : alarms.length === 1
        ? `A new alarm in ${building}:`
        : `${alarms.length} new alarms in ${building}:`,
    '',
    lines.join('\n\n'),
    '',
    'Open an alarm to acknowledge it, assign it or add a note.',
    `Your notification settings: ${new URL('/alarms?settings=1', publicUrl).href}`,
  ].join('\n');
  return { subject, body };
}

export interface Mailer {
  /** Sends one message; throws with `permanent` set when retrying cannot help (SMTP 5xx). */
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * nodemailer to SMTP_URL (smtp:// or smtps://), over a pool of kept connections, as many as the
 * notifier sends at once: a round that raised alarms in thousands of buildings sends thousands of
 * messages, and a connection (and its TLS) for each kept the outbox from draining (the bench).
 */
export function smtpMailer(url: string, from: string, connections = 4): Mailer {
  const transport = nodemailer.createTransport(
    { url, pool: true, maxConnections: connections },
    { from },
  );
  return {
    async send(message) {
      if (message.email === null) throw new SendError('An e-mail without an address.', true);
      try {
        await transport.sendMail({
          to: message.recipientName
            ? { name: message.recipientName, address: message.email }
            : message.email,
          subject: message.subject,
          text: message.body,
          messageId: messageIdOf(message.dedupeKey),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new SendError(
          error instanceof Error ? error.message : String(error),
          code !== undefined && code >= 500 && code < 600,
        );
      }
    },
    close: () => transport.close(),
  };
}
