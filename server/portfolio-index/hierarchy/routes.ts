import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { parseQuery } from '../../http/query-parameters.ts';
import { sendProblem } from '../../http/problem.ts';
import { buildingIdOf, notInIndex, notYetIndexed, readerOf, whole } from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { totalsGroups } from './queries.ts';

/** How deep search pages reach: the first 10,000 matches (counted to 1,000). */
export const maxSearchOffset = 10_000;

const searchQuery = z.strictObject({
  q: z
    .string()
    .max(200, 'must be at most 200 characters')
    // A NUL made PostgreSQL fail with a 500 and a stack trace per request (review L3).
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  // A deep offset only made the database sort every match again for an empty page (third
  // security review, H1).
  offset: whole(maxSearchOffset).optional(),
  limit: whole(200).pipe(z.number().min(1)).optional(),
});
const totalsQuery = z.strictObject({ by: z.enum(totalsGroups) });

/**
 * An admin grant, or INDEX_ADMINS by verified identity only: the subject, or an address the
 * provider vouched for (security review M6). Without sign-in nobody is an admin unless
 * INDEX_ADMINS names `anonymous` (M7). Worked out once per request (access/person-access.ts).
 */
const isAdmin = (request: FastifyRequest) => request.access.role === 'admin';

/**
 * How the index stands, and whether this person may start a sync (the dashboard offers the
 * action only to them). Which host and process syncs is an administrator's business (third
 * security review, L4).
 */
async function statusFor(index: PortfolioIndex, request: FastifyRequest, reply: FastifyReply) {
  const status = await index.status();
  const admin = isAdmin(request);
  if (request.access.all || admin)
    return {
      ...status,
      latest: status.latest && {
        ...status.latest,
        instance: admin ? status.latest.instance : null,
      },
      canRefresh: admin,
    };
  // A person who sees part of the portfolio hears its size within their scope, and nothing of
  // the sync's progress over the whole (nor what it could not read there).
  const counts = status.served ? await index.access.counts(readerOf(request, reply)) : undefined;
  return {
    ...status,
    served:
      status.served && counts
        ? {
            ...status.served,
            sites: counts.sites,
            buildings: counts.buildings,
            levels: counts.levels,
            rooms: counts.rooms,
            unread: [],
            skipped: {},
          }
        : null,
    latest: null,
    canRefresh: false,
  };
}

/**
 * The hierarchy's routes (under /api/index): how the index stands, a sync on demand for admins,
 * search, and the sums per site or organisation.
 */
export const hierarchyRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  /** The shortest time between two syncs started on demand (INDEX_REFRESH_COOLDOWN_SECONDS). */
  refreshCooldownMs: number;
  clock: Clock;
}> = async (api, { index, refreshCooldownMs, clock }) => {
  api.get('/search', async (request, reply) => {
    const { q, offset = 0, limit = 50 } = parseQuery(searchQuery, request.query);
    const answer = await index.search(readerOf(request, reply), q, { offset, limit });
    return answer ?? notYetIndexed(reply);
  });

  // One building and its site, for a shared link to its pages (issue #55 item 6): the record as
  // the platform listed it, so the dashboard reads it with the listing's own schema.
  api.get<{ Params: { buildingId: string } }>('/buildings/:buildingId', async (request, reply) => {
    const buildingId = buildingIdOf(request);
    const answer = await index.building(readerOf(request, reply), buildingId);
    if (!answer) return notYetIndexed(reply);
    if (!answer.building) return notInIndex(request, reply, buildingId, answer.asOf);
    return { ...answer.building, asOf: answer.asOf };
  });

  api.get('/totals', async (request, reply) => {
    const { by } = parseQuery(totalsQuery, request.query);
    const answer = await index.totals(readerOf(request, reply), by);
    return answer ?? notYetIndexed(reply);
  });

  /** When this instance last started a sync on demand: one per cooldown (M7). */
  let lastManualSync = Number.NEGATIVE_INFINITY;

  api.get('/status', (request, reply) => statusFor(index, request, reply));

  api.post('/refresh', async (request, reply) => {
    if (!isAdmin(request))
      return sendProblem(
        reply,
        403,
        'Only an administrator may start a sync of the portfolio index (INDEX_ADMINS).',
        { reason: 'not-admin' },
      );
    const wait = Math.ceil((lastManualSync + refreshCooldownMs - clock.now()) / 1000);
    if (wait > 0)
      return sendProblem(
        reply.header('retry-after', String(wait)),
        429,
        `A sync was started on demand less than ${Math.round(refreshCooldownMs / 60_000)} minutes ago: try again in ${wait} seconds.`,
        { reason: 'sync-cooldown' },
      );
    const { outcome } = await index.refresh();
    if (outcome === 'started') lastManualSync = clock.now();
    if (outcome === 'busy')
      return sendProblem(reply, 409, 'A sync of the portfolio index is already running.', {
        reason: 'sync-running',
      });
    return reply.code(202).send({ ...(await index.status()), canRefresh: true });
  });
};
