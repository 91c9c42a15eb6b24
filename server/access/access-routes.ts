import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  higherRole,
  type GrantRow,
  type GrantedPlace,
  type MeAnswer,
  type Role,
} from '../../src/shared/contracts/access.ts';
import { parseQuery } from '../http/query-parameters.ts';
import { sendProblem } from '../http/problem.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { platformId } from '../portfolio-index/core/route-helpers.ts';
import type { Sessions } from '../auth/sessions.ts';
import { notSharedProblem, scopedReader, type ScopeReads } from './access-gate.ts';
import { accessOf, type AccessPolicy, type PersonAccess } from './person-access.ts';
import type { PolicySource } from './policy-source.ts';
import type { Grant } from './scopes-file.ts';
import { grantNodeKinds, roles } from '../../src/shared/contracts/access.ts';

/** What a person may see, and why: the grants behind each node, with the index's names. */
async function describe(
  who: { sub: string | null; name: string | null; groups: readonly string[] },
  access: PersonAccess,
  policy: AccessPolicy,
  reads: ScopeReads | undefined,
  reader: { signal?: AbortSignal; access: PersonAccess },
): Promise<MeAnswer> {
  const placesOf = (kind: Grant['kind'], names: Map<string, string | null> | undefined) => {
    const byId = new Map<string, GrantedPlace>();
    for (const grant of access.grants.filter((candidate) => candidate.kind === kind)) {
      const place = byId.get(grant.id!) ?? {
        id: grant.id!,
        name: names?.get(grant.id!) ?? null,
        role: grant.role,
        via: [],
      };
      place.role = higherRole(place.role, grant.role) as Role;
      if (!place.via.includes(grant.group)) place.via.push(grant.group);
      byId.set(grant.id!, place);
    }
    return [...byId.values()];
  };
  const [names, counts] = await Promise.all([reads?.names(reader, access), reads?.counts(reader)]);
  return {
    sub: who.sub,
    name: who.name,
    scopes: access.scopesOn ? 'on' : 'off',
    all: access.all,
    allVia: access.grants.filter((grant) => grant.kind === 'all').map((grant) => grant.group),
    role: access.role,
    groups: [...who.groups],
    organizations: placesOf('organization', names?.organizations),
    sites: placesOf('site', names?.sites),
    buildings: placesOf('building', names?.buildings),
    counts: counts
      ? { organizations: counts.organizations, sites: counts.sites, buildings: counts.buildings }
      : null,
    contact: policy.contact ?? null,
  };
}

/** GET /api/me: who is signed in and what is shared with them (registered with prefix /api). */
export const meRoute: FastifyPluginAsync<{
  policies: PolicySource;
  reads: ScopeReads | undefined;
}> = async (api, { policies, reads }) => {
  api.get('/me', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const user = request.user;
    return describe(
      { sub: user?.sub ?? null, name: user?.name ?? null, groups: user?.groups ?? [] },
      request.access,
      await policies.current(),
      reads,
      scopedReader(request, reply),
    );
  });
  refuseOtherMethods(api, 'GET', ['/me']);
};

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

  const grantRows = async (policy: AccessPolicy, grants: readonly Grant[]): Promise<GrantRow[]> => {
    const editable = new Map(
      ((await reads?.grants()) ?? []).map((grant) => [
        `${grant.group}\u0000${grant.kind}\u0000${grant.id ?? ''}`,
        grant.grantId,
      ]),
    );
    const ids = (kind: Grant['kind']) =>
      grants.filter((grant) => grant.kind === kind).map((grant) => grant.id!);
    // An administrator sees everything: the names come unscoped.
    const names = await reads?.names(
      { access: accessOf({ ...policy, enabled: false }, { sub: '', groups: [] }) },
      { organizations: ids('organization'), sites: ids('site'), buildings: ids('building') },
    );
    const nameOf = (grant: Grant) =>
      grant.kind === 'organization'
        ? names?.organizations.get(grant.id!)
        : grant.kind === 'site'
          ? names?.sites.get(grant.id!)
          : grant.kind === 'building'
            ? names?.buildings.get(grant.id!)
            : null;
    return grants.map((grant) => {
      const grantId = editable.get(`${grant.group}\u0000${grant.kind}\u0000${grant.id ?? ''}`);
      return {
        ...grant,
        name: nameOf(grant) ?? null,
        source: grantId === undefined ? ('file' as const) : ('table' as const),
        grantId: grantId ?? null,
      };
    });
  };

  api.get('/', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const policy = await policies.current();
    return {
      scopes: policy.enabled ? 'on' : 'off',
      file: scopesFile ?? null,
      claim: policy.claim,
      grants: await grantRows(policy, policy.grants),
      people: (await reads?.people()) ?? [],
    };
  });

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

  const subParams = z.strictObject({ sub: z.string().min(1).max(256) });

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
    return describe({ sub, name: person.name, groups: person.groups }, access, policy, reads, {
      ...scopedReader(request, reply),
      access,
    });
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
      grants: await grantRows(policy, covering),
      people,
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
  refuseOtherMethods(api, 'GET', ['/', '/people/:sub', '/buildings/:buildingId', '/audit']);
  refuseOtherMethods(api, 'POST', ['/people/:sub/end-sessions', '/grants']);
  refuseOtherMethods(api, 'DELETE', ['/grants/:grantId']);
};
