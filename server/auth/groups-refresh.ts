import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { readGroups } from '../access/groups-claim.ts';
import type { Clock } from '../clock.ts';
import type { SessionStore } from './session-store.ts';
import type { Session, Sessions } from './sessions.ts';

/**
 * Reads a session's groups again from the identity provider with its refresh token, every
 * `everyMs` (GROUPS_REFRESH_MINUTES): a person removed from a group loses what it gave within
 * that time, not only at their next sign-in (decision 0020). One instance refreshes a session
 * in each period (a claim in the shared store), so a provider that rotates refresh tokens never
 * sees the same one twice; the others read the groups it keeps.
 *
 * The provider refusing the refresh token (`invalid_grant`: the account disabled, the consent or
 * the token revoked) ends the session; the provider unreachable leaves the groups as they were
 * until the next period, so an outage of the provider signs nobody out.
 */
export function createGroupsRefresh(options: {
  discovery: () => Promise<oidc.Configuration>;
  store: SessionStore;
  sessions: Sessions;
  groupsClaim: string;
  everyMs: number;
  clock: Clock;
}) {
  const { store, sessions, clock, everyMs } = options;
  return async (session: Session, log: FastifyBaseLogger): Promise<Session | 'ended'> => {
    if (everyMs <= 0 || clock.now() - session.groupsReadAt < everyMs) return session;
    const key = sessions.refreshTokenKey(session);
    const [refreshToken] = await store.getMany([key]);
    // The provider issued none: the groups stay those of the sign-in.
    if (refreshToken === undefined) return session;
    const period = Math.floor(clock.now() / everyMs);
    if (!(await store.claimOnce(`groups-refresh:${session.sid}:${period}`, everyMs)))
      return session;
    let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      tokens = await oidc.refreshTokenGrant(await options.discovery(), refreshToken);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
        log.info({ sub: session.sub }, 'the provider refused the refresh token: session ended');
        return 'ended';
      }
      log.warn(
        { sub: session.sub, err: error },
        'the groups could not be read again: kept until the next period',
      );
      return session;
    }
    const claims = tokens.claims();
    // A refresh without a new ID token says nothing of the groups; one for another person ends it.
    if (!claims) return (await sessions.regroup(session, session.groups)) ?? 'ended';
    if (claims.sub !== session.sub) return 'ended';
    const reading = readGroups(claims, options.groupsClaim);
    if (reading.kind === 'overage') {
      log.warn({ sub: session.sub }, 'the refreshed token leaves the groups out: session ended');
      return 'ended';
    }
    if (reading.kind === 'unreadable')
      log.warn(
        { sub: session.sub, why: reading.why },
        'the refreshed groups claim could not be read: taken as no groups',
      );
    const groups = reading.kind === 'groups' ? [...reading.groups] : [];
    const kept = await sessions.regroup(session, groups);
    if (!kept) return 'ended';
    if (tokens.refresh_token)
      await store.put(
        key,
        tokens.refresh_token,
        Math.max(1, session.startedAt + sessions.absoluteMs - clock.now()),
      );
    return kept;
  };
}

export type GroupsRefresh = ReturnType<typeof createGroupsRefresh>;
