import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../http/problem.ts';
import type { ComfortBands } from '../conditions/comfort-bands.ts';
import type { ComfortHours } from '../conditions/comfort-hours.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';

/**
 * GET /api/capabilities (registered with prefix /api): what the platform offers beyond the spec,
 * and what this Storey is set to judge readings against (its comfort bands, and the hours they apply).
 */
export const capabilitiesRoute: FastifyPluginAsync<{
  probe: CapabilityProbe;
  comfortBands: ComfortBands;
  comfortHours: ComfortHours;
}> = async (api, { probe, comfortBands, comfortHours }) => {
  api.get('/capabilities', async () => ({
    ...(await probe.current()),
    comfortBands,
    comfortHours,
  }));
  api.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/capabilities',
    handler: async (_request, reply) =>
      sendProblem(reply.header('allow', 'GET'), 405, 'Only GET is allowed here.'),
  });
};
