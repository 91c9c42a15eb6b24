import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../http/problem.ts';

/**
 * Where Storey keeps no index (PORTFOLIO_INDEX=off): every index read says so, so the dashboard
 * can tell "no index here" from "not indexed yet" and say it in plain words.
 */
export const portfolioIndexOffRoutes: FastifyPluginAsync = async (api) => {
  api.all('/*', async (_request, reply) =>
    sendProblem(
      reply,
      404,
      'This Storey keeps no portfolio index (PORTFOLIO_INDEX=off), so portfolio-wide figures such as data quality and totals are not available.',
      { reason: 'index-off' },
    ),
  );
};
