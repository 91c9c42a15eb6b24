import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock.ts';
import { conditionsRoutes } from './conditions/routes.ts';
import { energyRoutes } from './energy/routes.ts';
import { hierarchyRoutes } from './hierarchy/routes.ts';
import type { PortfolioIndex } from './portfolio-index.ts';
import { qualityRoutes } from './quality/routes.ts';

/**
 * The portfolio index's endpoints, each capability's own (registered with prefix /api/index,
 * behind the session gate like every /api route): the hierarchy (status, Sync now, search,
 * totals), data quality, conditions and energy.
 */
export const portfolioIndexRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  /** How often, and within what platform-request budget, conditions are read. */
  conditions: { refreshMinutes: number; requestBudget: number };
  /** The shortest time between two syncs started on demand (INDEX_REFRESH_COOLDOWN_SECONDS). */
  refreshCooldownMs: number;
  clock: Clock;
}> = async (api, options) => {
  const { index, refreshCooldownMs, clock } = options;
  const refresh = {
    everyMinutes: options.conditions.refreshMinutes,
    requestBudget: options.conditions.requestBudget,
  };
  // Each with its own options: passed on whole, this plugin's prefix would apply twice.
  await api.register(hierarchyRoutes, { index, refreshCooldownMs, clock });
  await api.register(qualityRoutes, { index });
  await api.register(conditionsRoutes, { index, refresh });
  await api.register(energyRoutes, { index, refresh });
};
