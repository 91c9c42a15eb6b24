import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { HttpProblem, sendProblem } from './problem.ts';

export interface GuardOptions {
  rateLimit: { max: number; windowMs: number };
  /** Shared counters across instances when a session store is configured. */
  redis: Redis | undefined;
}

/**
 * The gates of everything that reads data or changes a session: registered inside a scope, they
 * apply to every route registered in that scope after them, whatever path the request used to
 * reach it (percent-encoded, absolute-form, …), because the router has already matched the route.
 *
 * - X-CSRF: a custom header cannot be sent cross-site without a CORS preflight, which Storey
 *   never grants.
 * - Rate limit per signed-in person (their `sub`), per address otherwise.
 * - `Cache-Control: no-store` on every answer, whatever the platform said.
 */
export const guardedScope = fp<GuardOptions>(async (scope, options) => {
  // Callback hooks (no promise per request), as in lifecycle.ts.
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.headers['x-csrf'] !== '1') {
      void sendProblem(reply, 403, 'Missing the X-CSRF: 1 header that every API call must carry.');
      return;
    }
    done();
  });
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.removeHeader('expires');
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    done(null, payload);
  });
  await scope.register(fastifyRateLimit, {
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    // Route-level hooks run after the scope's own, so the session is known by now.
    keyGenerator: (request) => (request.user ? `user:${request.user.sub}` : `ip:${request.ip}`),
    // The store down: the session check answers 503 (fail closed), not the limiter a 500.
    skipOnError: true,
    // The limit's headers go out with the 429 (and its Retry-After), not with every answer: the
    // dashboard never reads them, and three more headers per answer are work on every request.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(options.redis ? { redis: options.redis, nameSpace: 'storey-api-limit:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(
        429,
        // The window as configured, not what is left of it ("600 per 59 s" misled people).
        `Too many requests: at most ${context.max} per ${Math.round(options.rateLimit.windowMs / 1000)} s. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
      ),
  });
});
