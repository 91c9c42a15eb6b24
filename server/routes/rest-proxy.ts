import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpProblem, sendProblem } from '../http/problem.ts';
import { validId } from '../http/path-id.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';

const take = z
  .string()
  .regex(/^\d{1,4}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(5000));
const skip = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(0));
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

function canonicalQuery(schema: z.ZodType<Record<string, unknown>>, query: unknown): string {
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value))
      throw new HttpProblem(400, `Query parameter "${name}" may be given only once.`);
  }
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : `Query parameter "${issue.path.join('.')}" ${issue.message}.`,
    );
    throw new HttpProblem(400, details.join(' '));
  }
  // Rebuilt from the validated values, never copied from the raw URL.
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parsed.data)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const validBuildingId = (raw: string): string => validId(raw, 'building');

/** The listings the dashboard reads, each by GET only. Registered with the prefix /api. */
export const restProxy: FastifyPluginAsync<{ gateway: PlatformGateway }> = async (
  api,
  { gateway },
) => {
  // Streamed as it arrives, shared with identical reads in flight (decision 0007).
  const forward = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.read(pathAndQuery), { queues: gateway.queues });

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

  // Every other method on these paths is a 405 naming GET, not the SPA or a 404.
  for (const url of [
    '/Sites',
    '/Buildings',
    '/Buildings/:buildingId/Floors',
    '/Floors/:floorId/Spaces',
  ]) {
    api.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      handler: async (_request, reply) =>
        sendProblem(reply.header('allow', 'GET'), 405, 'Only GET is allowed here.'),
    });
  }
  api.setNotFoundHandler(async (_request, reply) => sendProblem(reply, 404, 'No such API path.'));
};
