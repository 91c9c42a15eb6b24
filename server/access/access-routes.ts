import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../http/query-parameters.ts';
import { sendProblem } from '../http/problem.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import type { Sessions } from '../auth/sessions.ts';
import { scopedReader, type ScopeReads } from './access-gate.ts';
import type { PolicySource } from './policy-source.ts';
import { describeAccess } from './describe-access.ts';
import { audienceRoutes } from './audience-routes.ts';
import { grantRows } from './grant-rows.ts';
import { grantRoutes } from './grant-routes.ts';

/** GET /api/me: who is signed in and what is shared with them (registered with prefix /api). */
export const meRoute: FastifyPluginAsync<{
  policies: PolicySource;
  reads: ScopeReads | undefined;
}> = async (api, { policies, reads }) => {
  api.get('/me', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const user = request.user;
    return describeAccess(
      { sub: user?.sub ?? null, name: user?.name ?? null, groups: user?.groups ?? [] },
      request.access,
      await policies.current(),
      reads,
      scopedReader(request, reply),
    );
  });
  refuseOtherMethods(api, 'GET', ['/me']);
};

const subParams = z.strictObject({ sub: z.string().min(1).max(256) });

const isAdmin = (request: FastifyRequest) => request.access.role === 'admin';

/**
 * The administrators' access pages (registered with prefix /api/admin/access): every grant, what
 * one person can see and why, who can see one building, ending a person's sessions, and the
 * audit of what administrators did. Everything here answers 403 to anyone else.
 */
export const adminAccessRoutes: FastifyPluginAsync<{
  policies: PolicySource;
  reads: ScopeReads | undefined;
  sessions: Sessions | undefined;
  scopesFile: string | undefined;
}> = async (api, { policies, reads, sessions, scopesFile }) => {
  api.addHook('onRequest', async (request, reply) => {
    if (!isAdmin(request))
      return sendProblem(reply, 403, 'Only an administrator of Storey may manage access.', {
        reason: 'not-admin',
      });
  });

  await api.register(grantRoutes, { policies, reads });
  await api.register(audienceRoutes, { policies, reads });

  api.get('/', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const policy = await policies.current();
    return {
      scopes: policy.enabled ? 'on' : 'off',
      file: scopesFile ?? null,
      claim: policy.claim,
      grants: await grantRows(reads, policy, policy.grants),
      people: (await reads?.people()) ?? [],
    };
  });

  api.post<{ Params: { sub: string } }>('/people/:sub/end-sessions', async (request, reply) => {
    const { sub } = parseQuery(subParams, request.params, 'Path parameter');
    if (!sessions)
      return sendProblem(
        reply,
        409,
        'Nobody signs in to this Storey: there are no sessions to end.',
      );
    await sessions.endAllOf(sub);
    await reads?.audit({
      actor: request.user?.sub ?? 'anonymous',
      action: 'ended sessions',
      subject: sub,
    });
    return reply.code(204).send();
  });

  api.get('/audit', async (request) => {
    const { limit = 200 } = parseQuery(
      z.strictObject({
        limit: z
          .string()
          .regex(/^\d{1,4}$/, 'must be a whole number')
          .transform(Number)
          .pipe(z.number().int().min(1).max(1000))
          .optional(),
      }),
      request.query,
    );
    return { items: (await reads?.auditList(limit)) ?? [] };
  });
  refuseOtherMethods(api, 'GET', ['/', '/audit']);
  refuseOtherMethods(api, 'POST', ['/people/:sub/end-sessions']);
};
