import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../../http/query-parameters.ts';
import {
  buildingIdOf,
  groupId,
  maxListOffset,
  notInIndex,
  notYetIndexed,
  platformId,
  readerOf,
  whole,
} from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { findingGroups } from './queries.ts';
import { rules, type RuleId } from './catalogue.ts';

const qualityScope = z.strictObject({
  organization: groupId.optional(),
  site: groupId.optional(),
});
const findingsQuery = qualityScope.extend({
  rule: z.enum(rules.map((rule) => rule.id) as [RuleId, ...RuleId[]]).optional(),
  severity: z.enum(['error', 'warning', 'info']).optional(),
  building: platformId.optional(),
  group: z.enum(findingGroups).optional(),
  offset: whole(maxListOffset).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

/** Data quality (under /api/index): the rules' findings and scores, worked out once by the sync. */
export const qualityRoutes: FastifyPluginAsync<{ index: PortfolioIndex }> = async (
  api,
  { index },
) => {
  api.get('/quality', async (request, reply) => {
    const scope = parseQuery(qualityScope, request.query);
    return (await index.quality.summary(readerOf(request, reply), scope)) ?? notYetIndexed(reply);
  });

  api.get('/quality/findings', async (request, reply) => {
    const {
      offset = 0,
      limit = 100,
      group = 'severity',
      ...filter
    } = parseQuery(findingsQuery, request.query);
    return (
      (await index.quality.findings(readerOf(request, reply), filter, { offset, limit, group })) ??
      notYetIndexed(reply)
    );
  });

  api.get('/quality/scores', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    return (await index.quality.scores(readerOf(request, reply))) ?? notYetIndexed(reply);
  });

  api.get<{ Params: { buildingId: string } }>(
    '/quality/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.quality.building(readerOf(request, reply), buildingId);
      if (!answer) return notYetIndexed(reply);
      if (!answer.building) return notInIndex(request, reply, buildingId, answer.asOf);
      return { ...answer.building, asOf: answer.asOf };
    },
  );
};
