import type { Readable } from 'node:stream';
import { Pool, errors as undiciErrors } from 'undici';
import type { TokenProvider } from './token-provider.ts';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A platform answer whose body is still arriving: relayed to the browser as it comes. */
export interface StreamedUpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

export class UpstreamTimeoutError extends Error {
  override name = 'UpstreamTimeoutError';
}
export class UpstreamUnavailableError extends Error {
  override name = 'UpstreamUnavailableError';
}

export interface PlatformRequest {
  method: 'GET' | 'POST';
  /** Path and canonical query string, already validated and encoded. */
  path: string;
  kind: 'rest' | 'graphql';
  body?: string;
}

export interface PlatformClientOptions {
  baseUrl: string;
  tokens: TokenProvider;
  apiVersion: string;
  graphqlAuth: 'token' | 'bearer';
  timeoutMs: number;
  /** Upper bound on a platform answer relayed or held; larger ones are treated as unreadable. */
  maxBodyBytes: number;
  onUpstreamResponse?: (kind: PlatformRequest['kind'], status: number, seconds: number) => void;
}

export interface PlatformClient {
  /** Sends a request; the answer is handed over as soon as its headers are in, its body unread. */
  open(request: PlatformRequest): Promise<StreamedUpstreamResponse>;
  close(): Promise<void>;
}

/**
 * undici's errors, as the two kinds the BFF answers with 504 and 502: for whole reads here, and
 * for streamed answers that fail before their first byte (http/errors.ts), where the timeout
 * is not known.
 */
export function upstreamFailure(error: unknown, timeoutMs?: number): Error {
  if (error instanceof UpstreamUnavailableError || error instanceof UpstreamTimeoutError)
    return error;
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new UpstreamTimeoutError(
      timeoutMs === undefined
        ? 'The platform did not answer in time.'
        : `The platform did not answer within ${timeoutMs} ms.`,
    );
  }
  return new UpstreamUnavailableError(
    'The platform could not be reached or closed the connection.',
  );
}

/**
 * Reads an answer whole, for the BFF's own questions (capabilities, readiness) and error texts;
 * answers relayed to browsers are never read this way.
 */
export async function readWhole(
  response: StreamedUpstreamResponse,
  maxBytes: number,
  timeoutMs = 0,
): Promise<UpstreamResponse> {
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.body.destroy();
        throw new UpstreamUnavailableError('The platform answer is larger than the BFF accepts.');
      }
      chunks.push(chunk as Buffer);
    }
    return { status: response.status, headers: response.headers, body: Buffer.concat(chunks) };
  } catch (error) {
    throw upstreamFailure(error, timeoutMs);
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

/**
 * One keep-alive connection pool to the platform. Attaches the token in the form the spec
 * prescribes for each interface, and on a 401 fetches a new token and tries that call once more.
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const base = new URL(options.baseUrl);
  const pathPrefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, { connections: 128, keepAliveTimeout: 30_000 });

  const headersFor = (request: PlatformRequest, token: string): Record<string, string> =>
    request.kind === 'rest'
      ? {
          authorization: `Bearer ${token}`,
          'x-api-version': options.apiVersion,
          accept: 'application/json',
        }
      : {
          authorization: options.graphqlAuth === 'bearer' ? `Bearer ${token}` : token,
          'x-request-type': 'GraphQL',
          'x-api-version': options.apiVersion,
          'content-type': 'application/json',
          accept: 'application/json',
        };

  const failure = (error: unknown) => upstreamFailure(error, options.timeoutMs);

  /** Sends one request and hands back the answer as soon as its headers are in. */
  const begin = async (
    request: PlatformRequest,
    token: string,
  ): Promise<StreamedUpstreamResponse> => {
    const started = performance.now();
    try {
      const response = await pool.request({
        method: request.method,
        path: `${pathPrefix}${request.path}`,
        headers: headersFor(request, token),
        body: request.body ?? null,
        // undici's own timeouts destroy the socket of a hung call. (No AbortSignal.timeout as a
        // backstop: each would live, with its timer, for the whole timeout after its call ended,
        // tens of thousands of them under load; docs/benchmarks.md.)
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      options.onUpstreamResponse?.(
        request.kind,
        response.statusCode,
        (performance.now() - started) / 1000,
      );
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        body: response.body,
      };
    } catch (error) {
      options.onUpstreamResponse?.(request.kind, 0, (performance.now() - started) / 1000);
      throw failure(error);
    }
  };

  return {
    async open(request) {
      const token = await options.tokens.getToken();
      const response = await begin(request, token);
      if (response.status !== 401) return response;
      // The platform may refuse a token before its exp (docs/platform-contract.md): one fresh
      // token, one retry. The refusal is drained so its connection goes back to the pool.
      response.body.resume();
      options.tokens.invalidate(token);
      return begin(request, await options.tokens.getToken());
    },
    close: () => pool.close(),
  };
}
