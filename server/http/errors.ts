import fp from 'fastify-plugin';
import { errors as undiciErrors } from 'undici';
import { SessionStoreUnavailableError } from '../auth/session-store.ts';
import {
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  upstreamFailure,
} from '../platform/platform-client.ts';
import { IdentityProviderError } from '../platform/token-provider.ts';
import { HttpProblem, sendProblem } from './problem.ts';

/**
 * A PostgreSQL that cannot be reached (stopped, restarting, the network gone): its connection
 * class of errors (SQLSTATE 08…, the 57P0x shutdowns) and the socket's own. A 503 the screens
 * say in words, not a 500 with a stack trace per request (third security review, L5).
 */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
export function databaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[1-3]$/.test(code))) return true;
  if (typeof code === 'string' && unreachableCodes.has(code)) return true;
  return /^Connection terminated|timeout exceeded when trying to connect/.test(
    (error as Error | null)?.message ?? '',
  );
}

/** Every error a route throws becomes an RFC 9457 problem document; the table is here, once. */
export const problemErrors = fp(async (app) => {
  app.setErrorHandler(async (thrown, request, reply) => {
    // A streamed answer that failed before its first byte reached the browser throws undici's
    // own error (decision 0007): the same mapping as for whole reads.
    const error = thrown instanceof undiciErrors.UndiciError ? upstreamFailure(thrown) : thrown;
    if (error instanceof HttpProblem) {
      return sendProblem(
        reply.headers(error.headers),
        error.status,
        error.detail,
        error.extensions,
      );
    }
    if (error instanceof IdentityProviderError) {
      request.log.warn({ oauthError: error.code, status: error.status }, 'token request failed');
      return sendProblem(
        reply,
        503,
        `The platform's identity provider did not issue a token (${error.code}).`,
        { oauthError: error.code },
      );
    }
    if (error instanceof SessionStoreUnavailableError) {
      request.log.error({ reason: error.message }, 'session store unavailable');
      return sendProblem(reply, 503, 'Storey cannot check sessions just now. Try again shortly.');
    }
    // A read whose browser had gone by its turn (portfolio-index.ts): nobody reads the answer.
    if ((error as Error | null)?.name === 'AbortError') return reply.code(499).send();
    if (databaseUnreachable(error)) {
      request.log.error({ reason: (error as Error).message }, 'index database unreachable');
      return sendProblem(
        reply.header('retry-after', '30'),
        503,
        "The portfolio index's database cannot be reached just now. Try again in a minute.",
        { reason: 'index-database-unavailable' },
      );
    }
    if (error instanceof UpstreamTimeoutError) return sendProblem(reply, 504, error.message);
    if (error instanceof UpstreamUnavailableError) return sendProblem(reply, 502, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, status, (error as Error).message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, 500, 'Storey failed to handle this request. It has been logged.');
  });
});
