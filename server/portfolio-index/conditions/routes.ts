import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../../http/query-parameters.ts';
import {
  groupId,
  maxListOffset,
  notInIndex,
  notYetIndexed,
  platformId,
  readerOf,
  whole,
} from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { attentionKinds, attentionSorts } from './attention.ts';

const attentionQuery = z.strictObject({
  site: groupId.optional(),
  building: platformId.optional(),
  kind: z.enum(attentionKinds).optional(),
  sort: z.enum(attentionSorts).optional(),
  offset: whole(maxListOffset).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

const floorsNowQuery = z.strictObject({ building: platformId });

/**
 * Conditions (under /api/index): the rooms out of their comfort band now, as the conditions
 * refresh last read them, with how often and within what budget it reads.
 */
export const conditionsRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  refresh: { everyMinutes: number; requestBudget: number };
}> = async (api, { index, refresh }) => {
  api.get('/attention', async (request, reply) => {
    const {
      offset = 0,
      limit = 100,
      sort = 'worst',
      ...filter
    } = parseQuery(attentionQuery, request.query);
    const answer = await index.conditions.attention(readerOf(request, reply), filter, sort, {
      offset,
      limit,
    });
    if (!answer) return notYetIndexed(reply);
    // The last round's counts are over the whole portfolio: not for a person who sees part of it.
    if (!request.access.all)
      return { ...answer, checks: { ...answer.checks, lastRound: null }, refresh };
    return { ...answer, refresh };
  });

  // A building's floors as its last check left them: the stacking plan's "Now" column for a
  // building too large for the browser to judge from its current values (the tower).
  api.get('/floors-now', async (request, reply) => {
    const { building } = parseQuery(floorsNowQuery, request.query);
    const answer = await index.conditions.floorsNow(readerOf(request, reply), building);
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  // The bands a building's rooms are judged by where their type has its own (a store room none,
  // a server room its envelope): the room, floor and building pages judge with them.
  api.get('/room-bands', async (request, reply) => {
    const { building } = parseQuery(floorsNowQuery, request.query);
    const answer = await index.conditions.roomBands(readerOf(request, reply), building);
    if (!answer) return notYetIndexed(reply);
    if (!answer.building) return notInIndex(request, reply, building, answer.asOf);
    return { ...answer.building, asOf: answer.asOf };
  });
};
