import type { FastifyPluginAsync } from 'fastify';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import type { ComfortBands } from '../../src/shared/rules/comfort.ts';
import type { ComfortHours } from '../../src/shared/rules/comfort.ts';
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
  refuseOtherMethods(api, 'GET', ['/capabilities']);
};
