import fp from 'fastify-plugin';
import type { BffConfig } from '../config.ts';
import type { CapabilityProbe } from '../platform/capabilities.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import type { Clock } from '../clock.ts';
import { comfortRulesOf } from '../../src/shared/rules/space-bands.ts';
import { createPortfolioIndex } from './portfolio-index.ts';
import { portfolioIndexRoutes } from './routes.ts';

/**
 * The portfolio index as one plugin of the app (decision 0010): it opens the index's database,
 * keeps the schedule of its sync and rounds, decorates the app with `portfolioIndex`, and closes
 * with it. Its routes (`routes`) are registered where the app's gates stand, as every /api route.
 * Loaded only where the index runs: the proxy alone carries none of its modules.
 */
export const portfolioIndexPlugin = fp<{
  config: BffConfig;
  gateway: PlatformGateway;
  capabilities: CapabilityProbe;
  clock: Clock;
  /** Waits before a retry of a platform read; tests pass one that returns at once. */
  wait?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
}>(
  async (app, { config, gateway, capabilities, clock, wait }) => {
    const index = await createPortfolioIndex({
      settings: config.index,
      gateway,
      capabilities,
      comfort: comfortRulesOf(config.comfortBands, config.comfortSpaceBands),
      comfortHours: config.comfortHours,
      history: config.history,
      clock,
      log: app.log,
      metrics: app.metrics,
      ...(wait ? { wait } : {}),
    });
    app.decorate('portfolioIndex', index);
    app.closing.add('the portfolio index', () => index.close());
  },
  { name: 'portfolio-index' },
);

export { portfolioIndexRoutes as routes };
export { alarmsRoutes } from './alarms/routes.ts';
