import { Pool, errors as undiciErrors } from 'undici';
import type { TokenProvider } from './token-provider.ts';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
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
  /** Upper bound on a platform answer held in memory; larger ones are treated as unreadable. */
  maxBodyBytes: number;
  onUpstreamResponse?: (kind: PlatformRequest['kind'], status: number, seconds: number) => void;
}

export interface PlatformClient {
  send(request: PlatformRequest): Promise<UpstreamResponse>;
  close(): Promise<void>;
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
  const { maxBodyBytes } = options;

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

  const attempt = async (request: PlatformRequest, token: string): Promise<UpstreamResponse> => {
    const started = performance.now();
    try {
      const response = await pool.request({
        method: request.method,
        path: `${pathPrefix}${request.path}`,
        headers: headersFor(request, token),
        body: request.body ?? null,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        // undici's own timeouts destroy the socket of a hung call; the signal is only a backstop.
        signal: AbortSignal.timeout(options.timeoutMs + 1000),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBodyBytes) {
          response.body.destroy();
          throw new UpstreamUnavailableError('The platform answer is larger than the BFF accepts.');
        }
        chunks.push(chunk as Buffer);
      }
      options.onUpstreamResponse?.(
        request.kind,
        response.statusCode,
        (performance.now() - started) / 1000,
      );
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        body: Buffer.concat(chunks),
      };
    } catch (error) {
      options.onUpstreamResponse?.(request.kind, 0, (performance.now() - started) / 1000);
      if (error instanceof UpstreamUnavailableError) throw error;
      if (
        error instanceof undiciErrors.HeadersTimeoutError ||
        error instanceof undiciErrors.BodyTimeoutError ||
        (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      ) {
        throw new UpstreamTimeoutError(
          `The platform did not answer within ${options.timeoutMs} ms.`,
        );
      }
      throw new UpstreamUnavailableError(
        'The platform could not be reached or closed the connection.',
      );
    }
  };

  return {
    async send(request) {
      const token = await options.tokens.getToken();
      const response = await attempt(request, token);
      if (response.status !== 401) return response;
      // The platform may refuse a token before its exp (docs/platform-contract.md): one fresh token, one retry.
      options.tokens.invalidate(token);
      return attempt(request, await options.tokens.getToken());
    },
    close: () => pool.close(),
  };
}
