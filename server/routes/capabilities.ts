import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../http/problem.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';

/** GET /api/capabilities: what the platform offers beyond the spec (registered with prefix /api). */
export const capabilitiesRoute: FastifyPluginAsync<{ probe: CapabilityProbe }> = async (
  api,
  { probe },
) => {
  api.get('/capabilities', async () => probe.current());
  api.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/capabilities',
    handler: async (_request, reply) =>
      sendProblem(reply.header('allow', 'GET'), 405, 'Only GET is allowed here.'),
  });
};
