import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from '../http/problem.ts';
import type { GroupsRefresh } from './groups-refresh.ts';
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
export const requireSession = fp<{ sessions: Sessions; refreshGroups?: GroupsRefresh }>(
  async (scope, { sessions, refreshGroups }) => {
    scope.addHook('onRequest', async (request, reply) => {
      const lookup = await sessions.read(request);
      if (lookup.status !== 'active')
        return refuseWithoutSession(reply, sessions, lookup, 'Sign in to use Storey.');
      // The groups read again from the provider when they are older than the period.
      const session = refreshGroups
        ? await refreshGroups(lookup.session, request.log)
        : lookup.session;
      if (session === 'ended') {
        await sessions.revoke(lookup.session);
        return refuseWithoutSession(
          reply,
          sessions,
          { status: 'ended', session: lookup.session },
          'Sign in to use Storey.',
        );
      }
      request.user = {
        sub: session.sub,
        name: session.name,
        email: session.email,
        emailVerified: session.emailVerified === true,
        groups: session.groups,
      };
      await sessions.touch(reply, session);
    });
  },
);
