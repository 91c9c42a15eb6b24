import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../../http/query-parameters.ts';
import {
  buildingIdOf,
  maxListOffset,
  notInIndex,
  notYetIndexed,
  readerOf,
  whole,
} from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { energyLists, energyPeriods, energySorts } from '../../../src/shared/contracts/energy.ts';

const energyPeriod = z.strictObject({ period: z.enum(energyPeriods).optional() });

const energyQuery = energyPeriod
  .extend({
    list: z.enum(energyLists).optional(),
    sort: z.enum(energySorts).optional(),
    offset: whole(maxListOffset).optional(),
    limit: whole(5_000).pipe(z.number().min(1)).optional(),
  })
  // A year is not compared with the year before: the index keeps twelve months.
  .refine((query) => !(query.period === '12-months' && query.sort === 'change'), {
    message:
      'cannot be "change" for the last 12 months: a year is not compared with the one before',
    path: ['sort'],
  });

/**
 * Energy (under /api/index): kWh and kWh per m² over the last 30 days or 12 months with their
 * coverage, as the last round left them.
 */
export const energyRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  refresh: { everyMinutes: number; requestBudget: number };
}> = async (api, { index, refresh }) => {
  api.get('/energy', async (request, reply) => {
    const {
      period = '30-days',
      list = 'ranked',
      sort = 'intensity',
      offset = 0,
      limit = 100,
    } = parseQuery(energyQuery, request.query);
    const answer = await index.energy.list(readerOf(request, reply), {
      period,
      list,
      sort,
      offset,
      limit,
    });
    if (!answer) return notYetIndexed(reply);
    return { ...answer, refresh };
  });

  // Every ranked building's kWh per m²: where the compare screen places its buildings.
  api.get('/energy/intensities', async (request, reply) => {
    const { period = '30-days' } = parseQuery(energyPeriod, request.query);
    const answer = await index.energy.intensities(readerOf(request, reply), period);
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  api.get<{ Params: { buildingId: string } }>(
    '/energy/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.energy.building(readerOf(request, reply), buildingId);
      if (!answer) return notYetIndexed(reply);
      if (!answer.known) return notInIndex(request, reply, buildingId, answer.asOf);
      const { known: _known, ...body } = answer;
      return body;
    },
  );
};
