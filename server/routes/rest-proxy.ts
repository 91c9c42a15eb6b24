import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { sendProblem } from '../http/problem.ts';
import { canonicalQuery, parseQuery, skip, take } from '../http/query-parameters.ts';
import { validId } from '../http/path-id.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import {
  indexStarting,
  scopedReader,
  type PlaceGuard,
  type ScopeReads,
} from '../access/access-gate.ts';

const siteId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "-" or "_"');
const includeCounts = z.enum(['true', 'false']);

/** The only query parameters each forwarded listing takes; anything else is refused, not passed on. */
const querySchemas = {
  sites: z.strictObject({ take: take.optional(), skip: skip.optional() }),
  buildings: z.strictObject({
    take: take.optional(),
    skip: skip.optional(),
    siteId: siteId.optional(),
    includeCounts: includeCounts.optional(),
  }),
  floors: z.strictObject({ take: take.optional(), skip: skip.optional() }),
  spaces: z.strictObject({ take: take.optional(), skip: skip.optional() }),
};

const validBuildingId = (raw: string): string => validId(raw, 'building');

/**
 * A listing for a person who sees part of the portfolio, from the index within their scope: the
 * platform's own records, paged as the platform pages, with an x-total-count of their scope alone.
 * (Filtering relayed pages would shrink them, which stops a page reader early, and the platform's
 * count would tell the size of the whole portfolio.)
 */
function sendListing(
  reply: FastifyReply,
  listing: { json: string; total: number } | undefined,
): FastifyReply {
  if (!listing) throw indexStarting();
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('x-total-count', String(listing.total))
    .send(listing.json);
}

/**
 * The listings the dashboard reads, each by GET only. Registered with the prefix /api. Every id
 * in a path is checked against the person's scope first (`guard`); listings of a scoped person
 * come from the index (`scopeReads`).
 */
export const restProxy: FastifyPluginAsync<{
  gateway: PlatformGateway;
  guard: PlaceGuard;
  scopeReads: ScopeReads | undefined;
}> = async (api, { gateway, guard, scopeReads }) => {
  // Streamed as it arrives, shared with identical reads in flight (decision 0007).
  const forward = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayListing(pathAndQuery), { queues: gateway.queues });

  api.get('/Sites', relayedRoute, async (request, reply) => {
    if (!request.access.all) {
      const { take = 1000, skip = 0 } = parseQuery(querySchemas.sites, request.query);
      return sendListing(
        reply,
        await scopeReads?.sites(scopedReader(request, reply), { take, skip }),
      );
    }
    return forward(reply, `/api/Sites${canonicalQuery(querySchemas.sites, request.query)}`);
  });
  api.get('/Buildings', relayedRoute, async (request, reply) => {
    if (!request.access.all) {
      const { take = 1000, skip = 0, siteId } = parseQuery(querySchemas.buildings, request.query);
      return sendListing(
        reply,
        await scopeReads?.buildings(scopedReader(request, reply), { take, skip, siteId }),
      );
    }
    return forward(reply, `/api/Buildings${canonicalQuery(querySchemas.buildings, request.query)}`);
  });
  api.get<{ Params: { buildingId: string } }>(
    '/Buildings/:buildingId/Floors',
    relayedRoute,
    async (request, reply) => {
      const buildingId = validBuildingId(request.params.buildingId);
      await guard(request, reply, 'building', buildingId);
      return forward(
        reply,
        `/api/Buildings/${buildingId}/Floors${canonicalQuery(querySchemas.floors, request.query)}`,
      );
    },
  );

  api.get<{ Params: { floorId: string } }>(
    '/Floors/:floorId/Spaces',
    relayedRoute,
    async (request, reply) => {
      const floorId = validId(request.params.floorId, 'floor');
      await guard(request, reply, 'floor', floorId);
      return forward(
        reply,
        `/api/Floors/${floorId}/Spaces${canonicalQuery(querySchemas.spaces, request.query)}`,
      );
    },
  );

  refuseOtherMethods(api, 'GET', [
    '/Sites',
    '/Buildings',
    '/Buildings/:buildingId/Floors',
    '/Floors/:floorId/Spaces',
  ]);
  api.setNotFoundHandler(async (_request, reply) => sendProblem(reply, 404, 'No such API path.'));
};
