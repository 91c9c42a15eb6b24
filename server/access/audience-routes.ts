import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { sendProblem } from '../http/problem.ts';
import { parseQuery } from '../http/query-parameters.ts';
import { platformId } from '../portfolio-index/core/route-helpers.ts';
import { notSharedProblem, scopedReader, type ScopeReads } from './access-gate.ts';
import { describeAccess } from './describe-access.ts';
import { grantRows } from './grant-rows.ts';
import { accessOf } from './person-access.ts';
import type { PolicySource } from './policy-source.ts';

const subParams = z.strictObject({ sub: z.string().min(1).max(256) });

/**
 * Who sees what (under /api/admin/access, behind its administrators' hook): what one person may
 * see and why, and who may see one building, through which grants.
 */
export const audienceRoutes: FastifyPluginAsync<{
  policies: PolicySource;
  reads: ScopeReads | undefined;
}> = async (api, { policies, reads }) => {
  api.get<{ Params: { sub: string } }>('/people/:sub', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const { sub } = parseQuery(subParams, request.params, 'Path parameter');
    const policy = await policies.current();
    const person = (await reads?.people())?.find((candidate) => candidate.sub === sub);
    if (!person)
      return sendProblem(
        reply,
        404,
        'Nobody with that subject has signed in to Storey: what they may see is decided by their groups at sign-in.',
      );
    const access = accessOf(policy, { sub, groups: person.groups });
    return describeAccess(
      { sub, name: person.name, groups: person.groups },
      access,
      policy,
      reads,
      {
        ...scopedReader(request, reply),
        access,
      },
    );
  });

  api.get<{ Params: { buildingId: string } }>('/buildings/:buildingId', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const { buildingId } = parseQuery(
      z.strictObject({ buildingId: platformId }),
      request.params,
      'Path parameter',
    );
    const policy = await policies.current();
    const building = await reads?.building(buildingId);
    if (!building) throw notSharedProblem();
    const covering = policy.grants.filter(
      (grant) =>
        grant.kind === 'all' ||
        (grant.kind === 'organization' && grant.id === building.organization_id) ||
        (grant.kind === 'site' && grant.id === building.site_id) ||
        (grant.kind === 'building' && grant.id === building.id),
    );
    const groups = new Set(covering.map((grant) => grant.group));
    const people = ((await reads?.people()) ?? []).flatMap((person) => {
      const via = person.groups.filter((group) => groups.has(group));
      return via.length > 0 ? [{ sub: person.sub, name: person.name, via }] : [];
    });
    return {
      building: { id: building.id, name: building.name },
      grants: await grantRows(reads, policy, covering),
      people,
    };
  });

  refuseOtherMethods(api, 'GET', ['/people/:sub', '/buildings/:buildingId']);
};
