import { createHmac } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import {
  RequestFilteringHttpAgent,
  RequestFilteringHttpsAgent,
  type RequestFilteringAgentOptions,
} from 'request-filtering-agent';
import type { AlarmSummary } from '../../src/shared/contracts/alarms.ts';
import { alarmWhat, alarmWhere } from '../../src/shared/rules/alarm-words.ts';
import { SendError } from './email.ts';
import type { NotificationRoute, OutboxMessage } from './outbox.ts';
import { messageIdOf } from './outbox.ts';

/**
 * Signed webhooks (decision 0021): every batch of new or escalated alarms is one POST of JSON to
 * WEBHOOK_URL, signed as the Standard Webhooks specification says (webhook-id, webhook-timestamp,
 * webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>"), so a receiver can check it
 * came from Storey and is not replayed. The target is reached only at a public address: private,
 * loopback, link-local and reserved addresses are refused, whether written in the URL or
 * resolved from a name (request-filtering-agent checks the address the socket connects to, so a
 * name that changes its answer cannot slip past), and redirects are never followed.
 */

/** The signature of one call: `v1,` then base64 of HMAC-SHA256 over `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${signature}`;
}

/** The JSON a receiver gets: what happened, where, and a link to each alarm. */
export function webhookPayload(
  alarms: readonly AlarmSummary[],
  route: NotificationRoute,
  publicUrl: string,
  now: Date,
): string {
  const [first] = alarms;
  return JSON.stringify({
    type: route === 'escalation' ? 'alarms.escalated' : 'alarms.raised',
    timestamp: now.toISOString(),
    data: {
      building: { id: first?.buildingId ?? null, name: first?.buildingName ?? null },
      alarms: alarms.map((alarm) => ({
        id: alarm.id,
        kind: alarm.kind,
        severity: alarm.severity,
        what: alarmWhat(alarm),
        where: alarmWhere(alarm),
        value: alarm.value,
        unit: alarm.unit,
        band: alarm.band,
        raisedAt: alarm.raisedAt,
        url: new URL(`/alarms/${alarm.id}`, publicUrl).href,
      })),
    },
  });
}

export interface WebhookSender {
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

interface WebhookOptions {
  secret: string;
  allowAddresses: readonly string[];
  now: () => Date;
  timeoutMs?: number;
  lookup?: LookupFunction;
}

type FilteringAgents = Record<'http:' | 'https:', http.Agent>;

/** One POST through the filtering agents; resolves with the receiver's status. */
function postWith(agents: FilteringAgents, options: WebhookOptions) {
  return (target: URL, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          timeout: options.timeoutMs ?? 10_000,
          ...(options.lookup ? { lookup: options.lookup } : {}),
        },
        (response) => {
          // The answer's body is not read beyond draining it: a receiver says yes by its status.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error('The receiver did not answer in time.')),
      );
      request.on('error', reject);
      request.end(body);
    });
}

/** A receiver's status as the outbox reads it: done, or a failure that may pass or will not. */
function checkStatus(status: number): void {
  if (status >= 200 && status < 300) return;
  if (status >= 300 && status < 400)
    throw new SendError(
      `The receiver answered ${status} (a redirect); Storey does not follow redirects. Set WEBHOOK_URL to where it should call.`,
      true,
    );
  // Too many requests and time-outs pass; other refusals do not change by trying again.
  const passing = status >= 500 || status === 408 || status === 429;
  throw new SendError(`The receiver answered ${status}.`, !passing);
}

/**
 * Sends webhook calls from the outbox. `allowAddresses` (WEBHOOK_ALLOW_ADDRESSES: addresses or
 * CIDR ranges) lets a private receiver through: the tests' own on loopback, or a receiver inside
 * a company network on purpose. `lookup` stands in for DNS in tests.
 */
export function webhookSender(options: WebhookOptions): WebhookSender {
  const filter: RequestFilteringAgentOptions = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: [...options.allowAddresses],
  };
  const agents = {
    'http:': new RequestFilteringHttpAgent({ ...filter, keepAlive: false }),
    'https:': new RequestFilteringHttpsAgent({ ...filter, keepAlive: false }),
  };
  const post = postWith(agents, options);

  return {
    async send(message) {
      if (message.target === null) throw new SendError('A webhook call without a URL.', true);
      const target = new URL(message.target);
      const id = messageIdOf(message.dedupeKey).slice(1, -1);
      const timestamp = Math.floor(options.now().getTime() / 1000);
      let status: number;
      try {
        status = await post(
          target,
          {
            'content-type': 'application/json',
            'user-agent': 'Storey-Webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(options.secret, id, timestamp, message.body),
          },
          message.body,
        );
      } catch (error) {
        const words = error instanceof Error ? error.message : String(error);
        // The agent's refusal: the address will not become public by trying again.
        if (/is not allowed/.test(words))
          throw new SendError(
            `Refused: ${target.host} is (or resolves to) a private, loopback, link-local or reserved address, which Storey does not call. ${words}`,
            true,
          );
        throw new SendError(words, false);
      }
      checkStatus(status);
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
