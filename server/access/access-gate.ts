import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notShared } from '../../src/shared/contracts/access.ts';
import { HttpProblem } from '../http/problem.ts';
import type { PortfolioIndex } from '../portfolio-index/portfolio-index.ts';
import type { PlaceKind } from '../portfolio-index/access/queries.ts';
import { accessOf, everything, type PersonAccess } from './person-access.ts';
import type { PolicySource } from './policy-source.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the person may see and do: set for every route behind the session gate. */
    access: PersonAccess;
  }
}

/** The INDEX_ADMINS entry that makes everyone an admin where Storey runs without sign-in. */
export const anonymousAdmin = 'anonymous';

/**
 * Works out every request's access from the person's session (their groups) and the policy, once,
 * before any route runs. Registered after the session gate in the same scope.
 */
export const accessGate = fp<{ policies: PolicySource }>(async (scope, { policies }) => {
  scope.decorateRequest('access', undefined as unknown as PersonAccess);
  scope.addHook('onRequest', async (request) => {
    const policy = await policies.current();
    request.access = request.user
      ? accessOf(policy, request.user)
      : everything(policy.admins.includes(anonymousAdmin) ? 'admin' : 'viewer');
  });
});

/** What the index reads for access checks (PortfolioIndex['access']). */
export type ScopeReads = PortfolioIndex['access'];

export const notSharedProblem = () =>
  new HttpProblem(notShared.status, notShared.detail, { reason: notShared.reason });

export const indexStarting = () =>
  new HttpProblem(
    503,
    'Storey is still reading the portfolio, and cannot yet tell what is shared with you. Try again in a minute.',
    { reason: 'index-empty' },
    { 'retry-after': '30' },
  );

/** The reader of a request: whose scope applies, and a signal that fires when its browser goes. */
export function scopedReader(request: FastifyRequest, reply: FastifyReply) {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return { signal: gone.signal, access: request.access };
}

/**
 * Checks a place's id against the person's scope before anything is asked of the platform: an
 * unknown id and one not shared both answer the same 404 (same words, same query run). A person
 * who sees everything is not checked (the platform answers for unknown ids, as before scopes).
 */
export function placeGuard(reads: ScopeReads | undefined) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: PlaceKind,
    id: string,
  ): Promise<void> => {
    if (request.access.all) return;
    if (!reads) throw notSharedProblem();
    const answer = await reads.holds(scopedReader(request, reply), kind, id);
    if (!answer) throw indexStarting();
    if (!answer.held) throw notSharedProblem();
  };
}
export type PlaceGuard = ReturnType<typeof placeGuard>;
