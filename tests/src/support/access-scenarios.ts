import { HttpResponse, http, type RequestHandler } from 'msw';
import type { AccessAudit, AccessOverview, GrantRow, MeAnswer } from '@/shared/contracts/access';
import { fixture, meHandler, scopesOffMe } from './scenarios';

/**
 * Named msw scenarios for access scopes (decision 0020): the demo people as GET /api/me answers
 * them, and the administrators' Access page with state kept per scenario (never in the module).
 */

const signedInAs = (name: string) =>
  http.get('*/auth/me', () => HttpResponse.json({ signIn: true, name, email: null }));

const scopedMe = (me: Partial<MeAnswer>): MeAnswer => ({
  ...scopesOffMe,
  scopes: 'on',
  all: false,
  contact: 'access@storey.example',
  ...me,
});

/** Someone signed in whose groups are given nothing. */
export function nothingShared(): RequestHandler[] {
  return [
    signedInAs('Tom Tenant-to-be'),
    meHandler(scopedMe({ sub: 'demo-tom', name: 'Tom Tenant-to-be', role: null, groups: [] })),
  ];
}

const [firstOrganization, secondOrganization] = fixture.organizations;
const buildingsOf = (organizationId: string) =>
  fixture.buildings.filter((entry) => entry.record.organizationId === organizationId);

/** A service provider's facility manager: two client organisations, as viewer. */
export const providerMe = scopedMe({
  sub: 'demo-pat',
  name: 'Pat Provider',
  role: 'viewer',
  groups: ['fm-provider'],
  organizations: [firstOrganization!, secondOrganization!].map((organization) => ({
    id: organization.id,
    name: organization.name,
    role: 'viewer' as const,
    via: ['fm-provider'],
  })),
  counts: {
    organizations: 2,
    sites: new Set(
      [...buildingsOf(firstOrganization!.id), ...buildingsOf(secondOrganization!.id)].map(
        (entry) => entry.record.siteId,
      ),
    ).size,
    buildings:
      buildingsOf(firstOrganization!.id).length + buildingsOf(secondOrganization!.id).length,
  },
});

export function serviceProvider(): RequestHandler[] {
  return [signedInAs('Pat Provider'), meHandler(providerMe)];
}

/** The BFF's 404 for a place that is not there or not shared, as it answers both. */
export const notSharedAnswer = () =>
  HttpResponse.json(
    {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail:
        'Not found, or not shared with you. Check the link, or ask whoever manages access to Storey to share it with you.',
      reason: 'not-found-or-not-shared',
    },
    { status: 404, headers: { 'content-type': 'application/problem+json' } },
  );

export const adminMe = scopedMe({
  sub: 'demo-alex',
  name: 'Alex Admin',
  role: 'admin',
  all: true,
  allVia: ['storey-admins'],
  groups: ['storey-admins'],
  counts: {
    organizations: fixture.organizations.length,
    sites: 0,
    buildings: fixture.buildings.length,
  },
});

/**
 * An administrator on the Access page: one file grant and one table grant to start with; what
 * the page adds or removes is kept, and every change and ended session is recorded as asked.
 */
export function accessAdministrator() {
  const building = fixture.buildings[0]!.record;
  let nextGrantId = 2;
  const grants: GrantRow[] = [
    {
      source: 'file',
      grantId: null,
      group: 'storey-admins',
      kind: 'all',
      id: null,
      name: null,
      role: 'admin',
    },
    {
      source: 'table',
      grantId: 1,
      group: 'tenant-skyline',
      kind: 'building',
      id: building.id,
      name: building.name ?? null,
      role: 'viewer',
    },
  ];
  const audit: AccessAudit['items'] = [];
  const added: unknown[] = [];
  const endedSessionsOf: string[] = [];
  const people: AccessOverview['people'] = [
    {
      sub: 'demo-pat',
      name: 'Pat Provider',
      groups: ['fm-provider'],
      lastSeenAt: '2026-11-27T09:00:00.000Z',
    },
  ];
  const record = (action: string, subject: string) =>
    audit.unshift({ at: '2026-11-27T10:00:00.000Z', actor: 'demo-alex', action, subject });
  const handlers: RequestHandler[] = [
    signedInAs('Alex Admin'),
    meHandler(adminMe),
    http.get('*/api/admin/access', () =>
      HttpResponse.json({
        scopes: 'on',
        file: '/etc/storey/scopes.yaml',
        claim: 'groups',
        grants,
        people,
      } satisfies AccessOverview),
    ),
    http.get('*/api/admin/access/audit', () => HttpResponse.json({ items: audit })),
    http.get('*/api/admin/access/people/:sub', ({ params }) =>
      params.sub === 'demo-pat' ? HttpResponse.json(providerMe) : notSharedAnswer(),
    ),
    http.get('*/api/admin/access/buildings/:buildingId', ({ params }) =>
      params.buildingId === building.id
        ? HttpResponse.json({
            building: { id: building.id, name: building.name ?? null },
            grants: grants.filter((grant) => grant.kind === 'all' || grant.id === building.id),
            people: [{ sub: 'demo-tom', name: 'Tom Tenant', via: ['tenant-skyline'] }],
          })
        : notSharedAnswer(),
    ),
    http.post('*/api/admin/access/grants', async ({ request }) => {
      const body = (await request.json()) as Omit<GrantRow, 'source' | 'grantId' | 'name'>;
      added.push(body);
      const grantId = nextGrantId++;
      grants.push({ ...body, source: 'table', grantId, name: null });
      record('added grant', `${body.group}: ${body.role} on ${body.kind} ${body.id ?? ''}`.trim());
      return HttpResponse.json({ ...body, grantId }, { status: 201 });
    }),
    http.delete('*/api/admin/access/grants/:grantId', ({ params }) => {
      const index = grants.findIndex((grant) => grant.grantId === Number(params.grantId));
      const [removed] = grants.splice(index, 1);
      record('removed grant', `${removed!.group}: ${removed!.role} on ${removed!.kind}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/admin/access/people/:sub/end-sessions', ({ params }) => {
      endedSessionsOf.push(String(params.sub));
      record('ended sessions', String(params.sub));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, added, endedSessionsOf, building };
}
