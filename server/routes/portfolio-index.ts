import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../http/query-parameters.ts';
import { sendProblem } from '../http/problem.ts';
import type { PortfolioIndex } from '../portfolio-index/portfolio-index.ts';
import { totalsGroups } from '../portfolio-index/queries.ts';
import { attentionKinds, attentionSorts } from '../portfolio-index/attention-queries.ts';
import { energyLists, energyPeriods, energySorts } from '../portfolio-index/energy-ranking.ts';
import { findingGroups } from '../portfolio-index/quality-queries.ts';
import { rules, type RuleId } from '../portfolio-index/quality-rules.ts';

const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

const searchQuery = z.strictObject({
  q: z.string().max(200, 'must be at most 200 characters'),
  offset: whole(1_000_000).optional(),
  limit: whole(200).pipe(z.number().min(1)).optional(),
});
const totalsQuery = z.strictObject({ by: z.enum(totalsGroups) });
/** Ids as the platform gives them: short, printable, no control characters. */
const id = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');
const qualityScope = z.strictObject({
  organization: id.optional(),
  site: id.optional(),
});
const findingsQuery = qualityScope.extend({
  rule: z.enum(rules.map((rule) => rule.id) as [RuleId, ...RuleId[]]).optional(),
  severity: z.enum(['error', 'warning', 'info']).optional(),
  building: id.optional(),
  group: z.enum(findingGroups).optional(),
  offset: whole(1_000_000).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

const attentionQuery = z.strictObject({
  site: id.optional(),
  building: id.optional(),
  kind: z.enum(attentionKinds).optional(),
  sort: z.enum(attentionSorts).optional(),
  offset: whole(1_000_000).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

const energyPeriod = z.strictObject({ period: z.enum(energyPeriods).optional() });

const energyQuery = energyPeriod
  .extend({
    list: z.enum(energyLists).optional(),
    sort: z.enum(energySorts).optional(),
    offset: whole(1_000_000).optional(),
    limit: whole(5_000).pipe(z.number().min(1)).optional(),
  })
  // A year is not compared with the year before: the index keeps twelve months.
  .refine((query) => !(query.period === '12-months' && query.sort === 'change'), {
    message:
      'cannot be "change" for the last 12 months: a year is not compared with the one before',
    path: ['sort'],
  });

const notYetIndexed = (reply: FastifyReply) =>
  sendProblem(
    reply.header('retry-after', '30'),
    503,
    'The portfolio is still being indexed: try again in a minute. The progress is at /api/index/status.',
    { reason: 'index-empty' },
  );

/** A building's page of the index: no query, and its id from the path, validated. */
const buildingIdOf = (request: FastifyRequest) => {
  parseQuery(z.strictObject({}), request.query);
  return parseQuery(z.strictObject({ buildingId: id }), request.params, 'Path parameter')
    .buildingId;
};

const notInIndex = (reply: FastifyReply, buildingId: string, asOf: string) =>
  sendProblem(
    reply,
    404,
    `The portfolio index (as of ${asOf}) has no building with id "${buildingId}": it may have been added since, or removed.`,
    { reason: 'not-in-index', asOf },
  );

/**
 * The portfolio index's read endpoints (registered with prefix /api/index, behind the session
 * gate like every /api route) and its one action, a sync on demand, for admins only.
 */
export const portfolioIndexRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  /** Emails or subjects allowed to start a sync; without sign-in, the one local user is. */
  admins: readonly string[];
  /** How often, and within what platform-request budget, conditions are read. */
  conditions: { refreshMinutes: number; requestBudget: number };
}> = async (api, { index, admins, conditions }) => {
  const refresh = {
    everyMinutes: conditions.refreshMinutes,
    requestBudget: conditions.requestBudget,
  };
  api.get('/search', async (request, reply) => {
    const { q, offset = 0, limit = 50 } = parseQuery(searchQuery, request.query);
    const answer = await index.search(q, { offset, limit });
    return answer ?? notYetIndexed(reply);
  });

  api.get('/totals', async (request, reply) => {
    const { by } = parseQuery(totalsQuery, request.query);
    const answer = await index.totals(by);
    return answer ?? notYetIndexed(reply);
  });

  // Data quality: the rules' findings and scores, worked out once by the sync (quality.ts).
  api.get('/quality', async (request, reply) => {
    const scope = parseQuery(qualityScope, request.query);
    return (await index.quality.summary(scope)) ?? notYetIndexed(reply);
  });

  api.get('/quality/findings', async (request, reply) => {
    const {
      offset = 0,
      limit = 100,
      group = 'severity',
      ...filter
    } = parseQuery(findingsQuery, request.query);
    return (await index.quality.findings(filter, { offset, limit, group })) ?? notYetIndexed(reply);
  });

  api.get('/quality/scores', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    return (await index.quality.scores()) ?? notYetIndexed(reply);
  });

  api.get<{ Params: { buildingId: string } }>(
    '/quality/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.quality.building(buildingId);
      if (!answer) return notYetIndexed(reply);
      if (!answer.building) return notInIndex(reply, buildingId, answer.asOf);
      return { ...answer.building, asOf: answer.asOf };
    },
  );

  // Needs attention now: rooms out of their comfort band, as the conditions refresh last read them.
  api.get('/attention', async (request, reply) => {
    const {
      offset = 0,
      limit = 100,
      sort = 'worst',
      ...filter
    } = parseQuery(attentionQuery, request.query);
    const answer = await index.conditions.attention(filter, sort, { offset, limit });
    if (!answer) return notYetIndexed(reply);
    return { ...answer, refresh };
  });

  // Energy: kWh and kWh per m² over the last 30 days or 12 months with its coverage, as the last
  // round left it.
  api.get('/energy', async (request, reply) => {
    const {
      period = '30-days',
      list = 'ranked',
      sort = 'intensity',
      offset = 0,
      limit = 100,
    } = parseQuery(energyQuery, request.query);
    const answer = await index.energy.list({ period, list, sort, offset, limit });
    if (!answer) return notYetIndexed(reply);
    return { ...answer, refresh };
  });

  // Every ranked building's kWh per m²: where the compare screen places its buildings.
  api.get('/energy/intensities', async (request, reply) => {
    const { period = '30-days' } = parseQuery(energyPeriod, request.query);
    const answer = await index.energy.intensities(period);
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  api.get<{ Params: { buildingId: string } }>(
    '/energy/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.energy.building(buildingId);
      if (!answer) return notYetIndexed(reply);
      if (!answer.known) return notInIndex(reply, buildingId, answer.asOf);
      const { known: _known, ...body } = answer;
      return body;
    },
  );

  const isAdmin = (request: FastifyRequest) => {
    const user = request.user;
    if (!user) return true; // No sign-in: Storey listens on loopback only (config.ts).
    return admins.some((admin) => admin === user.sub || admin === user.email?.toLowerCase());
  };

  // Whether this person may start a sync: the dashboard offers the action only to them.
  api.get('/status', async (request) => ({
    ...(await index.status()),
    canRefresh: isAdmin(request),
  }));

  api.post('/refresh', async (request, reply) => {
    if (!isAdmin(request))
      return sendProblem(
        reply,
        403,
        'Only an administrator may start a sync of the portfolio index (INDEX_ADMINS).',
        { reason: 'not-admin' },
      );
    const { outcome } = await index.refresh();
    if (outcome === 'busy')
      return sendProblem(reply, 409, 'A sync of the portfolio index is already running.', {
        reason: 'sync-running',
      });
    return reply.code(202).send({ ...(await index.status()), canRefresh: true });
  });
};
