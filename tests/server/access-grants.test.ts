import { describe, expect, it } from 'vitest';
import { readGroups } from '../../server/access/groups-claim';
import { accessOf, accessPolicy } from '../../server/access/person-access';
import { loadScopesFile, parseScopesFile } from '../../server/access/scopes-file';
import { demoScopesFile } from '../../server/config';
import { generatePortfolio, resolvePortfolioOptions } from '../../server/emulator/portfolio';

/** SCOPES_FILE, a person's groups and what they add up to (decision 0020). */

const parse = (text: string) => parseScopesFile(text, 'scopes.yaml');

describe('a scopes file', () => {
  it('reads grants by group, one per place, with the claim and the contact', () => {
    const settings = parse(`
claim: realm_access.roles
contact: it@example.com
grants:
  - { group: admins, all: true, role: admin }
  - group: fm
    role: operator
    organizations: [org-1, org-2]
  - { group: tenant, buildings: ['b-1'], role: viewer }
`);
    expect(settings.claim).toBe('realm_access.roles');
    expect(settings.contact).toBe('it@example.com');
    expect(settings.grants).toEqual([
      { group: 'admins', kind: 'all', id: null, role: 'admin' },
      { group: 'fm', kind: 'organization', id: 'org-1', role: 'operator' },
      { group: 'fm', kind: 'organization', id: 'org-2', role: 'operator' },
      { group: 'tenant', kind: 'building', id: 'b-1', role: 'viewer' },
    ]);
  });

  it.each([
    [
      'an unknown key',
      'grants:\n  - group: fm\n    role: viewer\n    sites: [s1]\n    site: [s2]\n',
      /line 2.*unknown key site/,
    ],
    [
      'a duplicate grant',
      'grants:\n  - { group: fm, role: viewer, sites: [s1] }\n  - group: fm\n    role: admin\n    sites:\n      - s1\n',
      /line 6: group "fm" is granted site s1 twice \(first on line 2\)/,
    ],
    [
      'a malformed id',
      'grants:\n  - group: fm\n    role: viewer\n    buildings:\n      - ok\n      - "no/slashes"\n',
      /line 6 \(grants\.0\.buildings\.1\)/,
    ],
    ['an unknown role', 'grants:\n  - { group: fm, role: owner, all: true }\n', /line 2.*role/],
    [
      'two places at once',
      'grants:\n  - { group: fm, role: viewer, all: true, sites: [s1] }\n',
      /exactly one of all, organizations, sites or buildings \(it gives all and sites\)/,
    ],
    ['no place', 'grants:\n  - { group: fm, role: viewer }\n', /it gives none/],
    ['an unknown top key', 'grant: []\n', /unknown key grant/],
    ['a broken file', 'grants: [\n', /not readable YAML/],
    ['a duplicate key', 'claim: a\nclaim: b\ngrants: []\n', /line 2.*not readable YAML/],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(() => parse(text)).toThrow(message);
  });

  it('names, in the file npm start ships, only places of the emulator’s default portfolio', () => {
    const portfolio = generatePortfolio(resolvePortfolioOptions({}));
    const known = new Set([
      ...portfolio.organizations.map((organization) => organization.id),
      ...portfolio.sites.map((site) => site.id),
      ...portfolio.buildings.map((building) => building.record.id),
    ]);
    const { grants } = loadScopesFile(demoScopesFile);
    expect(grants.length).toBeGreaterThan(3);
    for (const grant of grants) if (grant.id !== null) expect(known).toContain(grant.id);
  });
});

describe('the groups in an ID token', () => {
  it('are read at the configured claim, dotted paths included', () => {
    expect(readGroups({ groups: ['a', 'b', 'a'] }, 'groups')).toEqual({
      kind: 'groups',
      groups: ['a', 'b'],
    });
    expect(readGroups({ realm_access: { roles: ['fm'] } }, 'realm_access.roles')).toEqual({
      kind: 'groups',
      groups: ['fm'],
    });
  });

  it('left out because there are too many (Entra’s overage) is never taken for no groups', () => {
    expect(readGroups({ _claim_names: { groups: 'src1' }, _claim_sources: {} }, 'groups')).toEqual({
      kind: 'overage',
    });
    expect(readGroups({ hasgroups: true }, 'groups')).toEqual({ kind: 'overage' });
  });

  it.each([
    ['missing', {}],
    ['not a list', { groups: 'fm' }],
    ['not text', { groups: ['fm', 3] }],
    ['absurdly many', { groups: Array.from({ length: 501 }, (_, index) => `g${index}`) }],
    ['absurdly long', { groups: ['x'.repeat(257)] }],
  ])('%s, count as no groups, with why', (_what, claims) => {
    const reading = readGroups(claims, 'groups');
    expect(reading.kind).toBe('unreadable');
  });
});

describe("a person's access", () => {
  const policy = accessPolicy(
    parse(`
grants:
  - { group: admins, all: true, role: admin }
  - { group: fm, organizations: [o1], role: operator }
  - { group: harbour, sites: [s1], role: viewer }
  - { group: tenant, buildings: [b1], role: viewer }
`),
    ['named-admin', 'boss@example.com'],
  );

  it('is the union of their groups’ grants, with their highest role', () => {
    const access = accessOf(policy, { sub: 'p', groups: ['fm', 'tenant', 'strangers'] });
    expect(access).toMatchObject({
      all: false,
      role: 'operator',
      organizations: ['o1'],
      sites: [],
      buildings: ['b1'],
    });
    // People with the same places share the same scope key, whatever their groups are called.
    expect(accessOf(policy, { sub: 'q', groups: ['tenant', 'fm'] }).key).toBe(access.key);
    expect(accessOf(policy, { sub: 'q', groups: ['fm'] }).key).not.toBe(access.key);
  });

  it('is everything for a grant on all, or for an administrator named in INDEX_ADMINS', () => {
    expect(accessOf(policy, { sub: 'p', groups: ['admins'] })).toMatchObject({
      all: true,
      role: 'admin',
    });
    expect(accessOf(policy, { sub: 'named-admin', groups: [] })).toMatchObject({
      all: true,
      role: 'admin',
    });
    // An address counts only when the provider vouched for it (security review M6).
    expect(
      accessOf(policy, { sub: 'x', email: 'boss@example.com', emailVerified: false, groups: [] }),
    ).toMatchObject({ all: false, role: null });
    expect(
      accessOf(policy, { sub: 'x', email: 'Boss@Example.com', emailVerified: true, groups: [] }),
    ).toMatchObject({ all: true, role: 'admin' });
  });

  it('is nothing without a grant, and everything for everyone where scopes are off', () => {
    expect(accessOf(policy, { sub: 'p', groups: [] })).toMatchObject({
      all: false,
      role: null,
      organizations: [],
      sites: [],
      buildings: [],
    });
    const off = accessPolicy(undefined, []);
    expect(accessOf(off, { sub: 'p', groups: [] })).toMatchObject({
      scopesOn: false,
      all: true,
      role: 'viewer',
    });
  });
});
