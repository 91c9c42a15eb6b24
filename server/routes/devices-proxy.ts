import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { HttpProblem } from '../http/problem.ts';
import { canonicalQuery, skip, take } from '../http/query-parameters.ts';
import { validId } from '../http/path-id.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import type { PlaceGuard } from '../access/access-gate.ts';

const page = z.strictObject({ take: take.optional(), skip: skip.optional() });
const pageQuery = (query: unknown) => canonicalQuery(page, query);

const places = [
  { level: 'Buildings', what: 'building' },
  { level: 'Floors', what: 'floor' },
  { level: 'Spaces', what: 'space' },
] as const;

/**
 * Devices and current values (beyond the spec; field notes), GET only, registered with the prefix
 * /api. Devices are shared with identical reads in flight; current values are also kept for
 * CURRENT_VALUES_TTL_SECONDS, so a hundred people looking at one floor cost one platform call per
 * period. Whether the platform offers them at all is for /api/capabilities to say.
 */
export const devicesProxy: FastifyPluginAsync<{
  gateway: PlatformGateway;
  /** Checks the place's or device's id against the person's scope before the platform is asked. */
  guard: PlaceGuard;
}> = async (api, { gateway, guard }) => {
  const forward = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayListing(pathAndQuery), { queues: gateway.queues });
  const forwardCurrent = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayCurrentValues(pathAndQuery), { queues: gateway.queues });

  const urls: string[] = [];
  for (const { level, what } of places) {
    const devices = `/${level}/:id/Devices`;
    api.get<{ Params: { id: string } }>(devices, relayedRoute, async (request, reply) => {
      const id = validId(request.params.id, what);
      const query = pageQuery(request.query);
      await guard(request, reply, what, id);
      return forward(reply, `/api/${level}/${id}/Devices${query}`);
    });
    const values = `/${level}/:id/MeasurementValues`;
    api.get<{ Params: { id: string } }>(values, relayedRoute, async (request, reply) => {
      const id = validId(request.params.id, what);
      const query = pageQuery(request.query);
      await guard(request, reply, what, id);
      return forwardCurrent(reply, `/api/${level}/${id}/MeasurementValues${query}`);
    });
    urls.push(devices, values);
  }
  api.get<{ Params: { id: string } }>('/Devices/:id', relayedRoute, async (request, reply) => {
    const id = validId(request.params.id, 'device');
    const names = Object.keys((request.query ?? {}) as Record<string, unknown>);
    if (names.length > 0)
      throw new HttpProblem(
        400,
        `Unknown query parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
      );
    await guard(request, reply, 'device', id);
    return forward(reply, `/api/Devices/${id}`);
  });
  api.get<{ Params: { id: string } }>(
    '/Devices/:id/MeasurementValues',
    relayedRoute,
    async (request, reply) => {
      const id = validId(request.params.id, 'device');
      const query = pageQuery(request.query);
      await guard(request, reply, 'device', id);
      return forwardCurrent(reply, `/api/Devices/${id}/MeasurementValues${query}`);
    },
  );
  urls.push('/Devices/:id', '/Devices/:id/MeasurementValues');

  refuseOtherMethods(api, 'GET', urls);
};
