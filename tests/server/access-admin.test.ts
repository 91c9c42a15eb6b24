import { describe, expect, it } from 'vitest';
import {
  accessAudit,
  accessOverview,
  buildingAudience,
  meAnswer,
} from '../../src/shared/contracts/access';
import { scopedStorey } from './support/scoped-storey';

/**
 * The administrators' Access page (decision 0020): what every grant is, what one person sees and
 * why, who sees one building, grants kept in the database, ending a person's sessions, and the
 * audit of all of it. Nobody else may do any of it.
 */

const storey = scopedStorey();
const skylineTower = 'd27d85ab-c6a1-4b37-bc49-50e7b6f0ae06';
const oslo = '100005';

describe('the Access page', () => {
  it('answers administrators only', async () => {
    const { as } = storey.context;
    for (const person of ['pat', 'sofia', 'tom', 'sam'] as const)
      for (const [method, url] of [
        ['GET', '/api/admin/access'],
        ['GET', '/api/admin/access/people/demo-pat'],
        ['GET', `/api/admin/access/buildings/${skylineTower}`],
        ['GET', '/api/admin/access/audit'],
        ['POST', '/api/admin/access/people/demo-dana/end-sessions'],
        ['POST', '/api/admin/access/grants'],
      ] as const) {
        const answer = await as(person, url, {
          method,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect(answer.status, `${person} ${method} ${url}`).toBe(403);
        expect(answer.json()).toMatchObject({ reason: 'not-admin' });
      }
  });

  it('lists every grant with the names of its places, and who has signed in', async () => {
    const overview = accessOverview.parse(
      (await storey.context.as('alex', '/api/admin/access')).json(),
    );
    expect(overview.scopes).toBe('on');
    expect(overview.grants).toContainEqual(
      expect.objectContaining({
        group: 'tenant-skyline',
        kind: 'building',
        id: skylineTower,
        name: 'Skyline Tower',
        role: 'viewer',
        source: 'file',
      }),
    );
    expect(overview.people.map((person) => person.sub)).toEqual(
      expect.arrayContaining(['demo-dana', 'demo-pat', 'demo-tom', 'demo-sam']),
    );
  });

  it('says what one person can see and why, as they see it themselves', async () => {
    const { as } = storey.context;
    const asAdmin = meAnswer.parse((await as('alex', '/api/admin/access/people/demo-pat')).json());
    const asThemselves = meAnswer.parse((await as('pat', '/api/me')).json());
    expect(asAdmin).toEqual(asThemselves);
    expect(asAdmin.organizations.map((organization) => organization.via)).toEqual([
      ['fm-provider'],
      ['fm-provider'],
    ]);
  });

  it('says who can see one building, through which grants', async () => {
    const audience = buildingAudience.parse(
      (await storey.context.as('alex', `/api/admin/access/buildings/${skylineTower}`)).json(),
    );
    expect(audience.building.name).toBe('Skyline Tower');
    expect(new Set(audience.grants.map((grant) => grant.group))).toEqual(
      new Set(['facility-managers', 'storey-admins', 'fm-provider', 'tenant-skyline']),
    );
    const people = audience.people.map((person) => person.sub);
    expect(people).toEqual(expect.arrayContaining(['demo-dana', 'demo-pat', 'demo-tom']));
    expect(people).not.toContain('demo-sofia');
    expect(people).not.toContain('demo-sam');
  });

  it('keeps grants in the database: one added shows at once, one removed is gone, both audited', async () => {
    const { as } = storey.context;
    const sites = async () =>
      ((await as('sofia', '/api/Sites?take=1000')).json() as Array<{ id: string }>).map(
        (site) => site.id,
      );
    expect(await sites()).not.toContain(oslo);
    const added = await as('alex', '/api/admin/access/grants', {
      method: 'POST',
      body: { group: 'site-fm-london', kind: 'site', id: oslo, role: 'viewer' },
    });
    expect(added.status).toBe(201);
    const { grantId } = added.json() as { grantId: number };
    expect(await sites()).toContain(oslo);
    const again = await as('alex', '/api/admin/access/grants', {
      method: 'POST',
      body: { group: 'site-fm-london', kind: 'site', id: oslo, role: 'operator' },
    });
    expect(again.status).toBe(409);
    expect(
      (
        await as('alex', `/api/admin/access/grants/${grantId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expect(await sites()).not.toContain(oslo);
    const audit = accessAudit.parse((await as('alex', '/api/admin/access/audit')).json());
    expect(audit.items.slice(0, 2)).toEqual([
      expect.objectContaining({
        actor: 'demo-alex',
        action: 'revoked',
        subject: `group site-fm-london: viewer of site ${oslo}`,
      }),
      expect.objectContaining({ actor: 'demo-alex', action: 'granted' }),
    ]);
  });

  it.each([
    [{ group: 'g', kind: 'site', role: 'viewer' }, /must name a place/],
    [{ group: 'g', kind: 'all', id: 'x', role: 'viewer' }, /must name a place/],
    [{ group: 'g', kind: 'site', id: '../x', role: 'viewer' }, /id/],
    [{ group: 'g', kind: 'site', id: 'x', role: 'owner' }, /role/],
    [{ group: '', kind: 'all', role: 'viewer' }, /group/],
    [{ group: 'g', kind: 'all', role: 'viewer', extra: 1 }, /extra|Unrecognized/i],
  ])('refuses a grant it cannot keep, in words: %j', async (body, words) => {
    const answer = await storey.context.as('alex', '/api/admin/access/grants', {
      method: 'POST',
      body,
    });
    expect(answer.status).toBe(400);
    expect((answer.json() as { detail: string }).detail).toMatch(words);
  });

  it("ends a person's sessions at once, and says so in the audit", async () => {
    const { as } = storey.context;
    expect((await as('sam', '/api/me')).status).toBe(200);
    const ended = await as('alex', '/api/admin/access/people/demo-sam/end-sessions', {
      method: 'POST',
    });
    expect(ended.status).toBe(204);
    const refused = await as('sam', '/api/me');
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'session-expired' });
    const audit = accessAudit.parse((await as('alex', '/api/admin/access/audit')).json());
    expect(audit.items[0]).toMatchObject({
      actor: 'demo-alex',
      action: 'ended sessions',
      subject: 'demo-sam',
    });
  });
});
