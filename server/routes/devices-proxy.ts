import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { HttpProblem } from '../http/problem.ts';
import { canonicalQuery, skip, take } from '../http/query-parameters.ts';
import { validId } from '../http/path-id.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';

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
export const devicesProxy: FastifyPluginAsync<{ gateway: PlatformGateway }> = async (
  api,
  { gateway },
) => {
  const forward = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayListing(pathAndQuery), { queues: gateway.queues });
  const forwardCurrent = async (reply: FastifyReply, pathAndQuery: string) =>
    relayStream(reply, await gateway.relayCurrentValues(pathAndQuery), { queues: gateway.queues });

  const urls: string[] = [];
  for (const { level, what } of places) {
    const devices = `/${level}/:id/Devices`;
    api.get<{ Params: { id: string } }>(devices, relayedRoute, (request, reply) =>
      forward(
        reply,
        `/api/${level}/${validId(request.params.id, what)}/Devices${pageQuery(request.query)}`,
      ),
    );
    const values = `/${level}/:id/MeasurementValues`;
    api.get<{ Params: { id: string } }>(values, relayedRoute, (request, reply) =>
      forwardCurrent(
        reply,
        `/api/${level}/${validId(request.params.id, what)}/MeasurementValues${pageQuery(request.query)}`,
      ),
    );
    urls.push(devices, values);
  }
  api.get<{ Params: { id: string } }>('/Devices/:id', relayedRoute, (request, reply) => {
    const names = Object.keys((request.query ?? {}) as Record<string, unknown>);
    if (names.length > 0)
      throw new HttpProblem(
        400,
        `Unknown query parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
      );
    return forward(reply, `/api/Devices/${validId(request.params.id, 'device')}`);
  });
  api.get<{ Params: { id: string } }>(
    '/Devices/:id/MeasurementValues',
    relayedRoute,
    (request, reply) =>
      forwardCurrent(
        reply,
        `/api/Devices/${validId(request.params.id, 'device')}/MeasurementValues${pageQuery(request.query)}`,
      ),
  );
  urls.push('/Devices/:id', '/Devices/:id/MeasurementValues');

  refuseOtherMethods(api, 'GET', urls);
};
