import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { sendProblem } from '../http/problem.ts';
import { canonicalQuery, skip, take } from '../http/query-parameters.ts';
import { validId } from '../http/path-id.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';

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

/** The listings the dashboard reads, each by GET only. Registered with the prefix /api. */
export const restProxy: FastifyPluginAsync<{ gateway: PlatformGateway }> = async (
  api,
  { gateway },
) => {
  // Streamed as it arrives, shared with identical reads in flight (decision 0007).
  const forward = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayListing(pathAndQuery), { queues: gateway.queues });

  api.get('/Sites', relayedRoute, (request, reply) =>
    forward(reply, `/api/Sites${canonicalQuery(querySchemas.sites, request.query)}`),
  );
  api.get('/Buildings', relayedRoute, (request, reply) =>
    forward(reply, `/api/Buildings${canonicalQuery(querySchemas.buildings, request.query)}`),
  );
  api.get<{ Params: { buildingId: string } }>(
    '/Buildings/:buildingId/Floors',
    relayedRoute,
    (request, reply) => {
      const buildingId = validBuildingId(request.params.buildingId);
      return forward(
        reply,
        `/api/Buildings/${buildingId}/Floors${canonicalQuery(querySchemas.floors, request.query)}`,
      );
    },
  );

  api.get<{ Params: { floorId: string } }>(
    '/Floors/:floorId/Spaces',
    relayedRoute,
    (request, reply) => {
      const floorId = validId(request.params.floorId, 'floor');
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
