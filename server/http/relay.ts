import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { StreamedUpstreamResponse, UpstreamResponse } from '../platform/platform-client.ts';
import { sendProblem } from './problem.ts';

/** Platform headers the browser may see; caching headers are not among them (answers are no-store). */
const forwardedResponseHeaders = ['content-type', 'x-total-count', 'retry-after'];
/** The platform documents no Retry-After for its 429s; browsers still need to know when to come back. */
const defaultRetryAfterSeconds = '5';

function isJson(response: { headers: Record<string, string> }): boolean {
  return /^application\/([\w.+-]*\+)?json\b/i.test(response.headers['content-type'] ?? '');
}

function parseJson(response: UpstreamResponse): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(response.body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/** The platform's 4xx message in either of its shapes: an array of strings or an ASP.NET problem object. */
export function platformMessage(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const messages = value.filter((item): item is string => typeof item === 'string');
    return messages.length > 0 ? messages.join(' ') : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as { title?: unknown; detail?: unknown; errors?: unknown };
    const fieldErrors =
      typeof record.errors === 'object' && record.errors !== null
        ? Object.entries(record.errors as Record<string, unknown>).flatMap(([field, messages]) =>
            Array.isArray(messages)
              ? messages.map((message) => `${field}: ${String(message)}`)
              : [],
          )
        : [];
    const parts = [record.title, record.detail, ...fieldErrors].filter(
      (part): part is string => typeof part === 'string' && part !== '',
    );
    return parts.length > 0 ? parts.join(' ') : undefined;
  }
  return undefined;
}

/** How much of a platform's error text reaches the browser. */
export const maxRelayedMessageLength = 300;
/**
 * Anything shaped like a credential: JWTs, "Bearer …", and runs of 40 or more characters of a
 * token alphabet (longer than a UUID, so ids in messages survive).
 */
const tokenShaped = /eyJ[\w-]*\.[\w-]*\.?[\w-]*|Bearer\s+\S+|[A-Za-z0-9+/_-]{40,}={0,2}/g;

/**
 * A platform error text as the browser may see it: token-shaped runs replaced, and capped. The
 * platform echoes what it was sent in some messages; a token in one must not reach a page or a log.
 */
export function scrubPlatformMessage(message: string): string {
  const scrubbed = message.replace(tokenShaped, '[redacted]');
  return scrubbed.length > maxRelayedMessageLength
    ? `${scrubbed.slice(0, maxRelayedMessageLength - 1)}…`
    : scrubbed;
}

function copyHeaders(reply: FastifyReply, response: { headers: Record<string, string> }): void {
  for (const name of forwardedResponseHeaders) {
    const value = response.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
}

/**
 * Turns a platform answer read whole into the browser's answer: failures become problem details
 * with the platform's own message, and nothing else leaks. (JSON successes never get here: they
 * are streamed by `relayStream`.)
 */
function relayWhole(
  reply: FastifyReply,
  response: UpstreamResponse,
  options: { graphql: boolean },
): FastifyReply {
  const { status } = response;
  if (status === 429) {
    return sendProblem(
      reply.header('retry-after', response.headers['retry-after'] ?? defaultRetryAfterSeconds),
      429,
      'The platform is rate limiting requests. Try again shortly.',
    );
  }
  if (status === 504) return sendProblem(reply, 504, 'The platform did not answer in time.');
  if (status >= 500)
    return sendProblem(reply, 502, `The platform failed to answer (status ${status}).`);
  if (status === 401) {
    return sendProblem(
      reply,
      502,
      'The platform refused the service credentials even with a new token.',
    );
  }

  if (status >= 200 && status < 300)
    return sendProblem(reply, 502, 'The platform sent an answer that is not JSON.');
  const json = isJson(response) ? parseJson(response) : ({ ok: false } as const);
  if (status === 403 && !json.ok) {
    // A gateway in front of the platform answers with an HTML page; never parse it as data.
    return sendProblem(reply, 403, 'The request was refused by the platform gateway.');
  }
  if (
    options.graphql &&
    status === 400 &&
    json.ok &&
    typeof json.value === 'object' &&
    json.value !== null &&
    'errors' in json.value
  ) {
    copyHeaders(reply, response);
    return reply.code(400).send(response.body);
  }
  if (status >= 400 && status < 500) {
    const message = json.ok ? platformMessage(json.value) : undefined;
    const errors =
      json.ok && Array.isArray(json.value)
        ? json.value
            .slice(0, 20)
            .filter((item): item is string => typeof item === 'string')
            .map(scrubPlatformMessage)
        : undefined;
    return sendProblem(
      reply,
      status,
      message
        ? scrubPlatformMessage(message)
        : `The platform refused the request (status ${status}).`,
      errors ? { errors } : {},
    );
  }
  return sendProblem(reply, 502, `The platform answered with an unexpected status ${status}.`);
}

/** Error answers are short texts; more than this of one is not read. */
const maxErrorBodyBytes = 64 * 1024;

async function readErrorBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= maxErrorBodyBytes) {
        body.destroy();
        break;
      }
    }
  } catch {
    // A refusal cut short still says what it can; the status alone decides the answer.
  }
  return Buffer.concat(chunks).subarray(0, maxErrorBodyBytes);
}

/**
 * Turns a platform answer into the browser's answer as it arrives. A JSON success is piped to the
 * browser without being read whole or parsed here: the dashboard's schemas check every answer
 * (docs/decisions/0006, 0007). Anything else is read (bounded) and answered as a problem document
 * (scrubbed platform messages, 429 with Retry-After, GraphQL errors passed through).
 */
export async function relayStream(
  reply: FastifyReply,
  response: StreamedUpstreamResponse,
  options: { graphql: boolean } = { graphql: false },
): Promise<FastifyReply> {
  if (response.status >= 200 && response.status < 300 && isJson(response)) {
    copyHeaders(reply, response);
    // The bytes are passed on unchanged, so the platform's length holds (and spares chunking);
    // compression, when the browser asks for it, drops it again.
    const length = response.headers['content-length'];
    if (length !== undefined) reply.header('content-length', length);
    return reply.code(response.status).send(response.body);
  }
  const body = await readErrorBody(response.body);
  return relayWhole(reply, { status: response.status, headers: response.headers, body }, options);
}
