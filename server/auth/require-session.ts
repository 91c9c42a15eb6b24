import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from '../http/problem.ts';
import type { SessionLookup, Sessions } from './sessions.ts';

/**
 * The 401 for a request without a live session, in one place: an ended session's cookie is
 * cleared and the answer says it expired; otherwise `signedOutWords`. The dashboard tells the two
 * apart by `reason`.
 */
export function refuseWithoutSession(
  reply: FastifyReply,
  sessions: Sessions,
  lookup: SessionLookup,
  signedOutWords: string,
) {
  const ended = lookup.status === 'ended';
  if (ended) sessions.clear(reply);
  return sendProblem(
    reply,
    401,
    ended ? 'Your session has expired: sign in again.' : signedOutWords,
    { reason: ended ? 'session-expired' : 'signed-out' },
  );
}

/** Every route registered after this in the same scope answers only to a live session. */
export const requireSession = fp<{ sessions: Sessions }>(async (scope, { sessions }) => {
  scope.addHook('onRequest', async (request, reply) => {
    const lookup = await sessions.read(request);
    if (lookup.status !== 'active')
      return refuseWithoutSession(reply, sessions, lookup, 'Sign in to use Storey.');
    const { session } = lookup;
    request.user = {
      sub: session.sub,
      name: session.name,
      email: session.email,
      emailVerified: session.emailVerified === true,
      groups: session.groups,
    };
    await sessions.touch(reply, session);
  });
});
