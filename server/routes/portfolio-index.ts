import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { parseQuery } from '../http/query-parameters.ts';
import { sendProblem } from '../http/problem.ts';
import type { IndexReader, PortfolioIndex } from '../portfolio-index/portfolio-index.ts';
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

/** How deep search pages reach, and findings, readings and energy lists (their CSV pages). */
export const maxSearchOffset = 10_000;
const maxListOffset = 200_000;

const searchQuery = z.strictObject({
  q: z
    .string()
    .max(200, 'must be at most 200 characters')
    // A NUL made PostgreSQL fail with a 500 and a stack trace per request (review L3).
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  // Pages reach the first 10,000 matches (counted to 1,000): a deep offset only made the
  // database sort every match again for an empty page (third security review, H1).
  offset: whole(maxSearchOffset).optional(),
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
  offset: whole(maxListOffset).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

const attentionQuery = z.strictObject({
  site: id.optional(),
  building: id.optional(),
  kind: z.enum(attentionKinds).optional(),
  sort: z.enum(attentionSorts).optional(),
  offset: whole(maxListOffset).optional(),
  limit: whole(5_000).pipe(z.number().min(1)).optional(),
});

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

/** The INDEX_ADMINS entry that makes everyone an admin where Storey runs without sign-in. */
export const anonymousAdmin = 'anonymous';

const notYetIndexed = (reply: FastifyReply) =>
  sendProblem(
    reply.header('retry-after', '30'),
    503,
    'The portfolio is still being indexed: try again in a minute. The progress is at /api/index/status.',
    { reason: 'index-empty' },
  );

/** The request as a reader of the index: its read stops mattering when its browser goes. */
function readerOf(reply: FastifyReply): IndexReader {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return { signal: gone.signal };
}

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
  /** The shortest time between two syncs started on demand (INDEX_REFRESH_COOLDOWN_SECONDS). */
  refreshCooldownMs: number;
  clock: Clock;
}> = async (api, { index, admins, conditions, refreshCooldownMs, clock }) => {
  const refresh = {
    everyMinutes: conditions.refreshMinutes,
    requestBudget: conditions.requestBudget,
  };
  api.get('/search', async (request, reply) => {
    const { q, offset = 0, limit = 50 } = parseQuery(searchQuery, request.query);
    const answer = await index.search(readerOf(reply), q, { offset, limit });
    return answer ?? notYetIndexed(reply);
  });

  api.get('/totals', async (request, reply) => {
    const { by } = parseQuery(totalsQuery, request.query);
    const answer = await index.totals(readerOf(reply), by);
    return answer ?? notYetIndexed(reply);
  });

  // Data quality: the rules' findings and scores, worked out once by the sync (quality.ts).
  api.get('/quality', async (request, reply) => {
    const scope = parseQuery(qualityScope, request.query);
    return (await index.quality.summary(readerOf(reply), scope)) ?? notYetIndexed(reply);
  });

  api.get('/quality/findings', async (request, reply) => {
    const {
      offset = 0,
      limit = 100,
      group = 'severity',
      ...filter
    } = parseQuery(findingsQuery, request.query);
    return (
      (await index.quality.findings(readerOf(reply), filter, { offset, limit, group })) ??
      notYetIndexed(reply)
    );
  });

  api.get('/quality/scores', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    return (await index.quality.scores(readerOf(reply))) ?? notYetIndexed(reply);
  });

  api.get<{ Params: { buildingId: string } }>(
    '/quality/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.quality.building(readerOf(reply), buildingId);
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
    const answer = await index.conditions.attention(readerOf(reply), filter, sort, {
      offset,
      limit,
    });
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
    const answer = await index.energy.list(readerOf(reply), { period, list, sort, offset, limit });
    if (!answer) return notYetIndexed(reply);
    return { ...answer, refresh };
  });

  // Every ranked building's kWh per m²: where the compare screen places its buildings.
  api.get('/energy/intensities', async (request, reply) => {
    const { period = '30-days' } = parseQuery(energyPeriod, request.query);
    const answer = await index.energy.intensities(readerOf(reply), period);
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  api.get<{ Params: { buildingId: string } }>(
    '/energy/buildings/:buildingId',
    async (request, reply) => {
      const buildingId = buildingIdOf(request);
      const answer = await index.energy.building(readerOf(reply), buildingId);
      if (!answer) return notYetIndexed(reply);
      if (!answer.known) return notInIndex(reply, buildingId, answer.asOf);
      const { known: _known, ...body } = answer;
      return body;
    },
  );

  /**
   * By verified identity only: the subject, or an address the provider vouched for (an address
   * anyone may type in once made its typist an admin: security review M6). Without sign-in
   * nobody is an admin unless INDEX_ADMINS names `anonymous` (M7).
   */
  const isAdmin = (request: FastifyRequest) => {
    const user = request.user;
    if (!user) return admins.includes(anonymousAdmin);
    return admins.some(
      (admin) =>
        admin === user.sub || (user.emailVerified === true && admin === user.email?.toLowerCase()),
    );
  };
  /** When this instance last started a sync on demand: one per cooldown (M7). */
  let lastManualSync = Number.NEGATIVE_INFINITY;

  // Whether this person may start a sync: the dashboard offers the action only to them.
  // Which host and process syncs is an administrator's business (third security review, L4).
  api.get('/status', async (request) => {
    const status = await index.status();
    const admin = isAdmin(request);
    return {
      ...status,
      latest: status.latest && {
        ...status.latest,
        instance: admin ? status.latest.instance : null,
      },
      canRefresh: admin,
    };
  });

  api.post('/refresh', async (request, reply) => {
    if (!isAdmin(request))
      return sendProblem(
        reply,
        403,
        'Only an administrator may start a sync of the portfolio index (INDEX_ADMINS).',
        { reason: 'not-admin' },
      );
    const wait = Math.ceil((lastManualSync + refreshCooldownMs - clock.now()) / 1000);
    if (wait > 0)
      return sendProblem(
        reply.header('retry-after', String(wait)),
        429,
        `A sync was started on demand less than ${Math.round(refreshCooldownMs / 60_000)} minutes ago: try again in ${wait} seconds.`,
        { reason: 'sync-cooldown' },
      );
    const { outcome } = await index.refresh();
    if (outcome === 'started') lastManualSync = clock.now();
    if (outcome === 'busy')
      return sendProblem(reply, 409, 'A sync of the portfolio index is already running.', {
        reason: 'sync-running',
      });
    return reply.code(202).send({ ...(await index.status()), canRefresh: true });
  });
};
