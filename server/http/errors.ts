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
