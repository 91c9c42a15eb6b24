import { Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { StreamedUpstreamResponse, UpstreamResponse } from '../platform/platform-client.ts';
import type { ReaderQueues } from '../platform/reader-queues.ts';
import type { AnswerReader } from '../platform/shared-reads.ts';
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
    // The errors as the platform wrote them, their messages scrubbed like every platform text
    // (the answer's bytes already had the service's own credentials masked as they arrived).
    const { errors, ...rest } = json.value as { errors: unknown };
    const scrubbed = Array.isArray(errors)
      ? errors.slice(0, 20).map((error: unknown) =>
          typeof error === 'object' && error !== null
            ? {
                ...error,
                message: scrubPlatformMessage(String((error as { message?: unknown }).message)),
                ...('extensions' in error ? { extensions: undefined } : {}),
              }
            : { message: 'The platform refused the query.' },
        )
      : [{ message: 'The platform refused the query.' }];
    return reply
      .code(400)
      .type('application/json')
      .send(JSON.stringify({ ...rest, errors: scrubbed }));
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
 * Route options of every route that relays platform answers: the relay encodes them itself (see
 * `toBrowser`), so @fastify/compress, which would pause the platform's answer at the browser's
 * pace and hold it whole (security review S2), stays out.
 */
export const relayedRoute = { compress: false } as const;

/**
 * How far an encoder may fall behind the platform before the answer waits for it (and resumes
 * only once it has caught up): CPU work of the BFF's own, bounded, and paused seldom.
 */
const encoderBacklogBytes = 4 * 1024 * 1024;
/** Answers shorter than this go uncompressed: the encoding would cost more than it saves. */
const compressFromBytes = 1024;
const encoders: Record<string, () => Transform> = {
  // Quality 4, as @fastify/compress uses for the dashboard's own files: most of brotli's gain at a
  // fraction of its default cost.
  br: () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => zlib.createGzip(),
  deflate: () => zlib.createDeflate(),
};

/** The encoding the browser prefers among those Storey writes (undefined: as it is). */
function negotiatedEncoding(request: FastifyRequest): keyof typeof encoders | undefined {
  // Among encodings the browser weighs alike ("gzip, deflate, br"), brotli: the smallest answer.
  // (negotiator 1.x takes `preferred`; its published types predate it.)
  const negotiator = new Negotiator(request.raw) as Negotiator & {
    encoding(available: readonly string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = negotiator.encoding(['br', 'gzip', 'deflate', 'identity'], {
    preferred: ['br', 'gzip', 'deflate', 'identity'],
  });
  return chosen && chosen in encoders ? chosen : undefined;
}

/**
 * What stands between a platform answer and a browser's socket: the encoder, if any, then a
 * queue. The browser's pace never pauses the platform's answer (see `broadcast`): what waits for
 * the browser, and for the encoder, counts against the relay's budget (`queues`), which cuts the
 * answer furthest behind when everyone's queues together pass it. Only the encoder, our own CPU
 * work, makes the answer wait when it falls 4 MiB behind. So a browser that reads slowly, or
 * never, holds neither a platform connection nor anyone else's answer (security review S1, M1),
 * and compression never holds an answer whole (S2).
 */
export function toBrowser(
  source: Readable,
  encoder: Transform | undefined,
  queues: ReaderQueues,
): Readable {
  const answer = source as Partial<AnswerReader>;
  if (!encoder) {
    // Unencoded, the platform answer's own reader is the queue (one stream less per answer): it
    // is fed as the platform sends and tells the budget when it falls behind. A cached answer
    // (a whole buffer, read lazily) holds nothing of the platform's and passes as it is.
    if (answer.hold) {
      queues.track(source);
      answer.whenBehind = () => queues.settle(source);
    }
    return source;
  }
  const queue = new Readable({ read() {} });
  queues.track(queue, () => queue.readableLength + encoder.writableLength);
  const enqueue = (chunk: Buffer) => {
    if (!queue.push(chunk)) queues.settle(queue);
  };
  encoder.on('data', enqueue);
  encoder.once('end', () => queue.push(null));
  // Every source waits for the encoder once it is 4 MiB behind: a platform answer through its
  // `hold`, anything else (a cached answer, a history Storey assembles from pages) by pausing,
  // which for a history also stops reading further days. One wait at a time: chunks already on
  // their way while it holds must not each add a listener, nor each answer the backlog pile up.
  let waiting = false;
  const wait = () => (answer.hold ? answer.hold() : source.pause());
  const go = () => (answer.release ? answer.release() : source.resume());
  source.on('data', (chunk: Buffer) => {
    if (encoder.write(chunk) || encoder.writableLength < encoderBacklogBytes || waiting) return;
    waiting = true;
    wait();
    encoder.once('drain', () => {
      waiting = false;
      go();
    });
  });
  source.once('end', () => encoder.end());
  const fail = (error: Error) => queue.destroy(error);
  source.once('error', fail);
  encoder.once('error', fail);
  // The browser left or was cut: the answer's stages go too (the last reader of a shared answer
  // leaving stops its platform call).
  queue.once('close', () => {
    source.destroy();
    encoder.destroy();
  });
  return queue;
}

/**
 * Turns a platform answer into the browser's answer as it arrives. A JSON success is passed on,
 * compressed when the browser asks, without being read whole or parsed here: the dashboard's
 * schemas check every answer (docs/decisions/0006, 0007). Anything else is read (bounded) and
 * answered as a problem document (scrubbed platform messages, 429 with Retry-After, GraphQL
 * errors passed through scrubbed).
 */
export async function relayStream(
  reply: FastifyReply,
  response: StreamedUpstreamResponse,
  options: { graphql?: boolean; queues: ReaderQueues },
): Promise<FastifyReply> {
  if (response.status >= 200 && response.status < 300 && isJson(response)) {
    copyHeaders(reply, response);
    const length = response.headers['content-length'];
    const encoding =
      length !== undefined && Number(length) < compressFromBytes
        ? undefined
        : negotiatedEncoding(reply.request);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    // Unencoded, the bytes are passed on unchanged, so the platform's length holds.
    else if (length !== undefined) reply.header('content-length', length);
    return reply
      .code(response.status)
      .send(toBrowser(response.body, encoding ? encoders[encoding]!() : undefined, options.queues));
  }
  const body = await readErrorBody(response.body);
  return relayWhole(
    reply,
    { status: response.status, headers: response.headers, body },
    { graphql: options.graphql ?? false },
  );
}
