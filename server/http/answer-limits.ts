import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { sendProblem } from './problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers in flight, everybody's together (answer-limits.ts). */
    answersInFlight?: () => number;
  }
}

export interface AnswerLimitsOptions {
  /** Requests one person (their `sub`; without sign-in, their address) may have in flight. */
  inFlightMax: number;
  /** A whole answer must have left within this, or its connection is cut. */
  answerTimeoutMs: number;
  clock: Clock;
}

/**
 * Bounds on the response side, for every route registered after this in its scope (security
 * review S1): a person has at most `inFlightMax` answers in flight (a browser opens six
 * connections to a host; more are a script), and every answer has a deadline, so a reader that
 * takes a few bytes now and then cannot keep a connection, its queue or its slot for ever.
 * Request-side bounds (slow headers and bodies) are the server's own (server-options.ts).
 */
export const answerLimits = fp<AnswerLimitsOptions>(async (scope, options) => {
  const inFlight = new Map<string, number>();
  // How many answers are in flight, for the tests that hold every slot comes back.
  scope.decorate('answersInFlight', () => [...inFlight.values()].reduce((sum, n) => sum + n, 0));
  const started = new Map<ServerResponse, number>();
  // One sweep for all answers instead of a timer each; it runs only while answers are in flight.
  const sweepEveryMs = Math.max(50, Math.min(1000, Math.floor(options.answerTimeoutMs / 4)));
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    const now = options.clock.now();
    for (const [response, since] of started) {
      if (now - since > options.answerTimeoutMs) {
        started.delete(response);
        response.destroy();
      }
    }
    if (started.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  scope.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });

  scope.addHook('onRequest', (request, reply, done) => {
    const key = request.user ? `user:${request.user.sub}` : `ip:${request.ip}`;
    const count = inFlight.get(key) ?? 0;
    if (count >= options.inFlightMax) {
      void sendProblem(
        reply.header('retry-after', '1'),
        429,
        `Too many requests in flight: at most ${options.inFlightMax} at once. Try again shortly.`,
      );
      return;
    }
    inFlight.set(key, count + 1);
    const response = reply.raw;
    started.set(response, options.clock.now());
    sweeper ??= setInterval(sweep, sweepEveryMs).unref();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      started.delete(response);
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    };
    // 'close' comes once for every response: sent whole, cut, or left by the browser. Hooks
    // before this one await (the session read, the rate limit): a browser that left meanwhile
    // had its 'close' already, and a slot taken now would never come back (security review
    // M1). Such a request is released at once, and ends here.
    response.once('close', release);
    if (response.destroyed || request.raw.socket?.destroyed === true) {
      release();
      // Nobody reads it: 499, as proxies log a request its client closed.
      void reply.code(499).send();
      return;
    }
    done();
  });
});
