import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { grantNodeKinds, roles } from '../../src/shared/contracts/access.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { sendProblem } from '../http/problem.ts';
import { parseQuery } from '../http/query-parameters.ts';
import { platformId } from '../portfolio-index/core/route-helpers.ts';
import type { ScopeReads } from './access-gate.ts';
import type { PolicySource } from './policy-source.ts';
import type { Grant } from './scopes-file.ts';

const grantBody = z
  .strictObject({
    group: z.string().trim().min(1).max(256),
    kind: z.enum(grantNodeKinds),
    id: platformId.nullable().optional(),
    role: z.enum(roles),
  })
  .refine((grant) => (grant.kind === 'all') === (grant.id === undefined || grant.id === null), {
    message: 'must name a place by its id, unless it is on everything',
    path: ['id'],
  });

/**
 * Granting and removing a role on the Access page (under /api/admin/access, behind its
 * administrators' hook): kept in the index's table, applied on every instance within a minute.
 */
export const grantRoutes: FastifyPluginAsync<{
  policies: PolicySource;
  reads: ScopeReads | undefined;
}> = async (api, { policies, reads }) => {
  api.post('/grants', async (request, reply) => {
    const policy = await policies.current();
    if (!policy.enabled)
      return sendProblem(
        reply,
        409,
        'Access scopes are off (no SCOPES_FILE): every signed-in person sees everything, so there is nothing to grant.',
      );
    const parsed = grantBody.safeParse(request.body);
    if (!parsed.success)
      return sendProblem(
        reply,
        400,
        `The grant is not one Storey can keep: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}.`,
      );
    const grant: Grant = { ...parsed.data, id: parsed.data.id ?? null };
    if (
      policy.grants.some(
        (held) => held.group === grant.group && held.kind === grant.kind && held.id === grant.id,
      )
    )
      return sendProblem(
        reply,
        409,
        `Group "${grant.group}" already has a role there: remove that grant first.`,
      );
    const added = await reads!.addGrant(grant, request.user?.sub ?? 'anonymous');
    if (added === 'exists')
      return sendProblem(
        reply,
        409,
        `Group "${grant.group}" already has a role there: remove that grant first.`,
      );
    policies.changed();
    return reply.code(201).send({ ...grant, grantId: added.grantId });
  });

  api.delete<{ Params: { grantId: string } }>('/grants/:grantId', async (request, reply) => {
    const { grantId } = parseQuery(
      z.strictObject({
        grantId: z
          .string()
          .regex(/^\d{1,9}$/, 'must be a whole number')
          .transform(Number),
      }),
      request.params,
      'Path parameter',
    );
    if (!(await reads?.removeGrant(grantId, request.user?.sub ?? 'anonymous')))
      return sendProblem(
        reply,
        404,
        'No grant of that number is kept on the Access page (a grant of SCOPES_FILE is changed in the file).',
      );
    policies.changed();
    return reply.code(204).send();
  });

  refuseOtherMethods(api, 'POST', ['/grants']);
  refuseOtherMethods(api, 'DELETE', ['/grants/:grantId']);
};
