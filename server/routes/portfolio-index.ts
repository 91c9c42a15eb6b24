import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpProblem, sendProblem } from '../http/problem.ts';
import type { PortfolioIndex } from '../portfolio-index/portfolio-index.ts';
import { totalsGroups } from '../portfolio-index/queries.ts';

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

function parse<T>(schema: z.ZodType<T>, query: unknown): T {
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (Array.isArray(value))
      throw new HttpProblem(400, `Query parameter "${name}" may be given only once.`);
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  throw new HttpProblem(
    400,
    parsed.error.issues
      .map((issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
          : `Query parameter "${issue.path.join('.')}" ${issue.message}.`,
      )
      .join(' '),
  );
}

const notYetIndexed = (reply: FastifyReply) =>
  sendProblem(
    reply.header('retry-after', '30'),
    503,
    'The portfolio is still being indexed: try again in a minute. The progress is at /api/index/status.',
    { reason: 'index-empty' },
  );

/**
 * The portfolio index's read endpoints (registered with prefix /api/index, behind the session
 * gate like every /api route) and its one action, a sync on demand, for admins only.
 */
export const portfolioIndexRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  /** Emails or subjects allowed to start a sync; without sign-in, the one local user is. */
  admins: readonly string[];
}> = async (api, { index, admins }) => {
  api.get('/search', async (request, reply) => {
    const { q, offset = 0, limit = 50 } = parse(searchQuery, request.query);
    const answer = await index.search(q, { offset, limit });
    return answer ?? notYetIndexed(reply);
  });

  api.get('/totals', async (request, reply) => {
    const { by } = parse(totalsQuery, request.query);
    const answer = await index.totals(by);
    return answer ?? notYetIndexed(reply);
  });

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
