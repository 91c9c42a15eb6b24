import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessOf, accessPolicy } from '../../server/access/person-access';
import type { Grant } from '../../server/access/scopes-file';
import type {
  IndexReader,
  PortfolioIndex as IndexOf,
} from '../../server/portfolio-index/portfolio-index';
import { meAnswer, notShared } from '../../src/shared/contracts/access';
import { loadScopesFile } from '../../server/access/scopes-file';
import { demoScopesFile } from '../../server/config';
import { demoUsers } from '../../server/emulator/openid-provider';
import { indexStatusSchema } from '../../src/api/get-index-status';
import { floorsNowSchema } from '../../src/api/get-attention';
import { roomBandsSchema } from '../../src/api/get-room-bands';
import {
  outOfScope,
  portfolioFacts,
  referenceScope,
  stringsIn,
  type PortfolioFacts,
  type ReferenceScope,
} from './support/scope-reference';
import { demoPeople, scopedStorey, type DemoPerson } from './support/scoped-storey';

/**
 * Access scopes, held on every answer (decision 0020): each demo person of the embedded default
 * calls every route of the BFF's allow-list and every index endpoint, and every id and name in
 * every answer must lie in their scope, worked out here from the emulator's own portfolio. The
 * dashboard's CSV exports and print views are made from these same answers.
 */

const storey = scopedStorey();
const grants = loadScopesFile(demoScopesFile).grants;
let facts: PortfolioFacts;
const scopes = {} as Record<DemoPerson, ReferenceScope>;

beforeAll(() => {
  facts = portfolioFacts(storey.context.running.platform.emulator.portfolio);
  for (const person of demoPeople) {
    const user = demoUsers.find((candidate) => candidate.username === person)!;
    scopes[person] = referenceScope(facts, grants, user.groups);
  }
});

const day = 24 * 60 * 60 * 1000;
const range = () => {
  const to = new Date(Date.now());
  const from = new Date(to.getTime() - day);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
};

/** A building with floors, rooms and devices: each kind of id its routes take. */
function placesOf(buildingId: string) {
  const floor = facts.floorsOf(buildingId).find((candidate) => candidate.spaces.length > 0)!;
  const device = facts
    .devicesOf(buildingId)
    .find((candidate) => floor.spaces.includes(candidate.spaceId))!;
  return { building: buildingId, floor: floor.id, space: device.spaceId, device: device.id };
}

/** Every route of the allow-list that takes an id, for one building's places. */
function idRoutes(places: ReturnType<typeof placesOf>): string[] {
  const { building, floor, space, device } = places;
  return [
    `/api/Buildings/${building}/Floors?take=1000`,
    `/api/Floors/${floor}/Spaces?take=1000`,
    `/api/Buildings/${building}/Devices?take=1000`,
    `/api/Floors/${floor}/Devices?take=1000`,
    `/api/Spaces/${space}/Devices?take=1000`,
    `/api/Buildings/${building}/MeasurementValues?take=5000`,
    `/api/Floors/${floor}/MeasurementValues?take=5000`,
    `/api/Spaces/${space}/MeasurementValues?take=5000`,
    `/api/Devices/${device}`,
    `/api/Devices/${device}/MeasurementValues?take=5000`,
    `/api/Buildings/${building}/HistoricalValues?${range()}`,
    `/api/Floors/${floor}/HistoricalValues?${range()}`,
    `/api/Spaces/${space}/HistoricalValues?${range()}`,
    `/api/Devices/${device}/HistoricalValues?${range()}`,
    `/api/index/quality/buildings/${building}`,
    `/api/index/energy/buildings/${building}`,
    `/api/index/buildings/${building}`,
    `/api/index/room-bands?building=${building}`,
  ];
}

/** GraphQL lookups of one building, by id and by name, as the dashboard sends them. */
const byIdQuery = `query BuildingOutlineById($id: ID!) { buildings(where: { id: { eq: $id } }) { id name levels { id name rooms { id name } } } }`;
const byNameQuery = `query BuildingOutline($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }`;

/** The routes that list or sum: what each person calls whatever their scope. */
const listingRoutes = [
  '/api/Sites?take=1000',
  '/api/Buildings?take=1000&includeCounts=true',
  '/api/me',
  '/api/capabilities',
  '/api/index/status',
  '/api/index/search?q=harbour',
  '/api/index/search?q=level&limit=200',
  '/api/index/search?q=room&limit=200',
  '/api/index/search?q=tower',
  '/api/index/totals?by=site',
  '/api/index/totals?by=organization',
  '/api/index/quality',
  '/api/index/quality/findings?limit=5000',
  '/api/index/quality/findings?group=rule&limit=5000',
  // Grouped by building, each group carries its building's score (read under the row policies).
  '/api/index/quality/findings?group=building&limit=5000',
  '/api/index/quality/scores',
  '/api/index/attention?limit=5000',
  '/api/index/energy?limit=5000',
  '/api/index/energy?period=12-months&limit=5000',
  '/api/index/energy/intensities',
  '/api/index/energy/intensities?period=12-months',
  '/api/alarms?limit=1000',
  '/api/alarms?view=cleared&limit=1000',
  '/api/alarms/silences',
  '/api/me/notifications',
];

describe('every answer within the person’s scope', () => {
  it.each(demoPeople)(
    '%s: listings, sums, search and index answers hold nothing outside',
    async (person) => {
      const { as } = storey.context;
      for (const url of listingRoutes) {
        const answer = await as(person, url);
        expect(answer.status, `${person} ${url}: ${answer.body.slice(0, 200)}`).toBe(200);
        expect(
          outOfScope(facts, scopes[person], stringsIn(answer.json())),
          `${person} ${url}`,
        ).toEqual([]);
      }
      const me = meAnswer.parse((await as(person, '/api/me')).json());
      const scope = scopes[person];
      expect(me.all).toBe(scope.all);
      expect(me.counts).toEqual({
        organizations: scope.all
          ? facts.buildings.reduce((set, building) => set.add(building.organizationId), new Set())
              .size
          : scope.organizations.size,
        sites: scope.sites.size,
        buildings: scope.buildings.size,
      });
      // The listings hold exactly the scope: none missing, none more, counted within it.
      const buildings = await as(person, '/api/Buildings?take=1000&includeCounts=true');
      const listed = (buildings.json() as Array<{ id: string }>).map((building) => building.id);
      expect(new Set(listed)).toEqual(scope.buildings);
      expect(buildings.headers['x-total-count']).toBe(String(scope.buildings.size));
      const sites = await as(person, '/api/Sites?take=1000');
      expect(new Set((sites.json() as Array<{ id: string }>).map((site) => site.id))).toEqual(
        scope.all
          ? new Set(facts.buildings.map((building) => building.siteId).concat([...scope.sites]))
          : scope.sites,
      );
      // The status says the portfolio's size within the scope alone.
      const status = indexStatusSchema.parse((await as(person, '/api/index/status')).json());
      expect(status.served?.buildings).toBe(scope.buildings.size);
    },
  );

  it.each(demoPeople)(
    "%s: a building's floors now, for every building, only where it is in scope",
    async (person) => {
      const { as } = storey.context;
      const scope = scopes[person];
      let shown = 0;
      for (const building of facts.buildings) {
        const url = `/api/index/floors-now?building=${building.id}`;
        const answer = await as(person, url);
        expect(answer.status, `${person} ${url}`).toBe(200);
        const { now } = floorsNowSchema.parse(answer.json());
        // Outside the scope, as for a building never checked: nothing, in the same words.
        if (!scope.all && !scope.buildings.has(building.id)) expect(now, url).toBeNull();
        if (now) shown++;
        expect(outOfScope(facts, scope, stringsIn(answer.json())), url).toEqual([]);
      }
      // The round checked every building with devices: a person with buildings sees some.
      if (scope.all || scope.buildings.size > 0) expect(shown).toBeGreaterThan(0);
    },
  );

  it.each(demoPeople)(
    "%s: a building's room bands only where it is in scope, alike for unknown ones",
    async (person) => {
      const { as } = storey.context;
      const scope = scopes[person];
      const unknown = await as(person, '/api/index/room-bands?building=no-such-building');
      for (const building of facts.buildings) {
        const url = `/api/index/room-bands?building=${building.id}`;
        const answer = await as(person, url);
        if (scope.all || scope.buildings.has(building.id)) {
          expect(answer.status, `${person} ${url}`).toBe(200);
          expect(roomBandsSchema.parse(answer.json()).typesRead).toBe(true);
        } else {
          // As of a building nobody has: no existence oracle.
          expect(answer.status, `${person} ${url}`).toBe(unknown.status);
          expect(outOfScope(facts, scope, stringsIn(answer.json())), url).toEqual([]);
        }
      }
    },
  );

  it.each(demoPeople)('%s: every place route answers for places in scope', async (person) => {
    const { as } = storey.context;
    const scope = scopes[person];
    const inScope = [...scope.buildings].find((id) => facts.devicesOf(id).length > 0);
    if (!inScope) {
      expect(scope.buildings.size, `${person} sees buildings but none with devices`).toBe(0);
      return;
    }
    for (const url of idRoutes(placesOf(inScope))) {
      const answer = await as(person, url);
      expect(answer.status, `${person} ${url}: ${answer.body.slice(0, 200)}`).toBe(200);
      expect(outOfScope(facts, scope, stringsIn(answer.json())), `${person} ${url}`).toEqual([]);
    }
    const byId = await as(person, '/graphql', {
      method: 'POST',
      body: { query: byIdQuery, variables: { id: inScope } },
    });
    expect(byId.status).toBe(200);
    expect(
      (byId.json() as { data: { buildings: Array<{ id: string }> } }).data.buildings.map(
        (b) => b.id,
      ),
    ).toEqual([inScope]);
  });

  it.each(demoPeople.filter((person) => person !== 'dana' && person !== 'alex'))(
    '%s: every place route refuses places outside the scope, and unknown ones, alike, asking the platform nothing',
    async (person) => {
      const { as, running } = storey.context;
      const scope = scopes[person];
      const outside = facts.buildings.find(
        (building) => !scope.buildings.has(building.id) && facts.devicesOf(building.id).length > 0,
      )!;
      const unknown = {
        building: '00000000-0000-4000-8000-000000000000',
        floor: '00000000-0000-4000-8000-000000000001',
        space: '00000000-0000-4000-8000-000000000002',
        device: '00000000-0000-4000-8000-000000000003',
      };
      running.platform.emulator.requests.clear();
      for (const places of [placesOf(outside.id), unknown]) {
        for (const url of idRoutes(places)) {
          const answer = await as(person, url);
          expect(answer.status, `${person} ${url}`).toBe(404);
          expect(answer.json()).toMatchObject({
            detail: notShared.detail,
            reason: notShared.reason,
          });
        }
        const byId = await as(person, '/graphql', {
          method: 'POST',
          body: { query: byIdQuery, variables: { id: places.building } },
        });
        expect(byId.status).toBe(404);
        expect(byId.json()).toMatchObject({ reason: notShared.reason });
      }
      expect(running.platform.requests().map((request) => request.path)).toEqual([]);
    },
  );
});

describe('a building looked up by its name', () => {
  it('answers only the buildings of that name shared with the person (names repeat across organisations)', async () => {
    const { as, running } = storey.context;
    const duplicated = [...facts.names].find(
      ([, entries]) => (entries.find((entry) => entry.kind === 'building')?.ids.length ?? 0) > 1,
    )!;
    const [name, entries] = duplicated;
    const ids = entries.find((entry) => entry.kind === 'building')!.ids;
    for (const person of demoPeople) {
      const scope = scopes[person];
      const mine = ids.filter((id) => scope.buildings.has(id));
      running.platform.emulator.requests.clear();
      const answer = await as(person, '/graphql', {
        method: 'POST',
        body: { query: byNameQuery, variables: { name } },
      });
      if (mine.length === 0) {
        expect(answer.status, person).toBe(404);
        expect(running.platform.requests('graphql')).toEqual([]);
        continue;
      }
      expect(answer.status, person).toBe(200);
      const found = (answer.json() as { data: { buildings: Array<{ id: string }> } }).data
        .buildings;
      expect(found.map((building) => building.id).sort(), person).toEqual(mine.sort());
    }
  });

  it('refuses, for a scoped person, every other GraphQL shape: search, lists, aliases to other fields', async () => {
    const { as, running } = storey.context;
    running.platform.emulator.requests.clear();
    for (const query of [
      '{ levels(where: { name: { contains: "a" } }, take: 10) { id name } }',
      '{ rooms(where: { name: { contains: "a" } }, take: 10) { id name } }',
      '{ buildings { id name } }',
      '{ buildings(take: 5) { id name } }',
      '{ buildings(where: { name: { contains: "a" } }) { id name } }',
      '{ buildings(where: { id: { in: ["x"] } }) { id name } }',
      '{ buildings(where: { or: [{ id: { eq: "x" } }] }) { id } }',
      '{ a: buildings(where: { id: { eq: "d27d85ab-c6a1-4b37-bc49-50e7b6f0ae06" } }) { id } b: buildings { id } }',
      'query { ...F } fragment F on Query { buildings { id } }',
      'query { ... on Query { buildings(where: { name: { eq: "Harbour View" } }) { id: name } } }',
    ]) {
      const answer = await as('tom', '/graphql', { method: 'POST', body: { query } });
      expect(answer.status, query).toBe(400);
    }
    expect(running.platform.requests('graphql')).toEqual([]);
  });
});

describe('sums, shares, scores and ranks over the scope alone, for any scope', () => {
  const everything: IndexReader = {};
  const readerOf = (scope: { organizations: string[]; sites: string[]; buildings: string[] }) => {
    const scopeGrants: Grant[] = [
      ...scope.organizations.map((id) => ({
        group: 'g',
        kind: 'organization' as const,
        id,
        role: 'viewer' as const,
      })),
      ...scope.sites.map((id) => ({
        group: 'g',
        kind: 'site' as const,
        id,
        role: 'viewer' as const,
      })),
      ...scope.buildings.map((id) => ({
        group: 'g',
        kind: 'building' as const,
        id,
        role: 'viewer' as const,
      })),
    ];
    const policy = accessPolicy({ claim: 'groups', contact: undefined, grants: scopeGrants }, []);
    return {
      reader: { access: accessOf(policy, { sub: 'someone', groups: ['g'] }) } satisfies IndexReader,
      reference: referenceScope(facts, scopeGrants, ['g']),
    };
  };
  const mean = (values: number[]) =>
    values.length === 0
      ? null
      : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

  /** The whole portfolio's figures, read once: each scope's are worked out from them. */
  let whole: {
    scores: Awaited<ReturnType<IndexOf['quality']['scores']>>;
    findings: Awaited<ReturnType<IndexOf['quality']['findings']>>;
    energy: Awaited<ReturnType<IndexOf['energy']['list']>>;
    attention: Awaited<ReturnType<IndexOf['conditions']['attention']>>;
    totals: Awaited<ReturnType<IndexOf['totals']>>;
  };
  const index = () => storey.context.running.storey.app.portfolioIndex!;
  beforeAll(async () => {
    const [scores, findings, energy, attention, totals] = await Promise.all([
      index().quality.scores(everything),
      index().quality.findings(everything, {}, { offset: 0, limit: 5000, group: 'severity' }),
      index().energy.list(everything, {
        period: '30-days',
        list: 'ranked',
        sort: 'intensity',
        offset: 0,
        limit: 5000,
      }),
      index().conditions.attention(everything, {}, 'worst', { offset: 0, limit: 5000 }),
      index().totals(everything, 'site'),
    ]);
    whole = { scores, findings, energy, attention, totals };
  });
  /** Any scope: up to two organisations, three sites and five buildings. */
  const anyScope = () => {
    const organizations = [...new Set(facts.buildings.map((building) => building.organizationId!))];
    const sites = [...new Set(facts.buildings.map((building) => building.siteId!))];
    const buildings = facts.buildings.map((building) => building.id);
    return fc.record({
      organizations: fc.subarray(organizations, { maxLength: 2 }),
      sites: fc.subarray(sites, { maxLength: 3 }),
      buildings: fc.subarray(buildings, { maxLength: 5 }),
    });
  };
  type Scope = { organizations: string[]; sites: string[]; buildings: string[] };
  /** `check` holds for 30 scopes, each read as its person reads it. */
  const forAnyScope = (
    check: (
      chosen: Scope,
      scoped: ReturnType<typeof readerOf> & { inScope: (id: string | null) => boolean },
    ) => Promise<void>,
  ) =>
    fc.assert(
      fc.asyncProperty(anyScope(), async (chosen) => {
        const scoped = readerOf(chosen);
        const inScope = (id: string | null) => id !== null && scoped.reference.buildings.has(id);
        await check(chosen, { ...scoped, inScope });
      }),
      { numRuns: 30 },
    );

  it('score and findings by severity: the mean and counts of the scope’s buildings and sites', () =>
    forAnyScope(async (chosen, { reader, reference, inScope }) => {
      const summary = (await index().quality.summary(reader, {}))!;
      const mine = whole.scores!.buildings.filter((building) => inScope(building.buildingId));
      expect(summary.buildings).toBe(reference.buildings.size);
      expect(summary.score).toBe(mean(mine.map((building) => building.score)));
      const wholeSites = new Set([
        ...chosen.sites,
        ...[...facts.byId]
          .filter(
            ([, fact]) =>
              fact.kind === 'site' && chosen.organizations.includes(fact.organizationId!),
          )
          .map(([id]) => id),
      ]);
      const myFindings = whole.findings!.findings.filter((finding) =>
        finding.buildingId ? inScope(finding.buildingId) : wholeSites.has(finding.siteId!),
      );
      for (const severity of ['error', 'warning', 'info'] as const)
        expect(summary.findings[severity], severity).toBe(
          myFindings.filter((finding) => finding.severity === severity).length,
        );
    }));

  it('the energy ranking: the scope’s buildings in the whole ranking’s order, their intensity', () =>
    forAnyScope(async (_chosen, { reader, reference, inScope }) => {
      const ranked = (await index().energy.list(reader, {
        period: '30-days',
        list: 'ranked',
        sort: 'intensity',
        offset: 0,
        limit: 5000,
      }))!;
      const myRanked = whole.energy!.buildings.filter((building) => inScope(building.id));
      expect(ranked.coverage.buildings).toBe(reference.buildings.size);
      expect(ranked.buildings.map((building) => building.id)).toEqual(
        myRanked.map((building) => building.id),
      );
      const used = myRanked.reduce((sum, building) => sum + building.usedKwh!, 0);
      const area = myRanked.reduce((sum, building) => sum + building.area!, 0);
      expect(ranked.portfolioIntensity).toBe(
        myRanked.length === 0 ? null : Math.round((used / area) * 1000) / 1000,
      );
    }));

  it('needs attention: the scope’s readings out of band, in the same order', () =>
    forAnyScope(async (_chosen, { reader, inScope }) => {
      const out = (await index().conditions.attention(reader, {}, 'worst', {
        offset: 0,
        limit: 5000,
      }))!;
      const myReadings = whole.attention!.readings.filter((reading) => inScope(reading.buildingId));
      expect(out.total).toBe(myReadings.length);
      expect(out.readings.map((reading) => reading.measurementId)).toEqual(
        myReadings.map((reading) => reading.measurementId),
      );
    }));

  it('sites: the scope’s buildings at each, a site shared whole as everyone reads it', () =>
    forAnyScope(async (_chosen, { reader, reference, inScope }) => {
      const bySite = (await index().totals(reader, 'site'))!;
      expect(bySite.total.buildings).toBe(reference.buildings.size);
      expect(new Set(bySite.rows.map((row) => row.id))).toEqual(reference.sites);
      for (const row of bySite.rows) {
        const atSite = facts.buildings.filter((building) => building.siteId === row.id);
        expect(row.buildings, row.id).toBe(
          atSite.filter((building) => inScope(building.id)).length,
        );
        // A site shared whole reads as it does for everyone; its share is of the scope's total.
        if (atSite.every((building) => inScope(building.id))) {
          const wholeRow = whole.totals!.rows.find((candidate) => candidate.id === row.id)!;
          expect({ ...row, share: null }).toEqual({ ...wholeRow, share: null });
        }
        if (bySite.total.area > 0)
          expect(row.share.area).toBeCloseTo(row.area / bySite.total.area, 9);
        if (bySite.total.buildings > 0)
          expect(row.share.buildings).toBeCloseTo(row.buildings / bySite.total.buildings, 9);
      }
    }));
});

describe('probing from outside the scope', () => {
  const scoped = ['pat', 'sofia', 'tom', 'sam'] as const;
  /** Each person's places outside their scope, of buildings with devices. */
  const outsideOf = (person: DemoPerson) =>
    facts.buildings
      .filter((building) => !scopes[person].buildings.has(building.id))
      .filter((building) => facts.devicesOf(building.id).length > 0)
      .map((building) => placesOf(building.id));
  /** Names only buildings outside a person's scope have. */
  const namesOutsideOf = (person: DemoPerson) =>
    facts.buildings
      .filter(
        (building) =>
          building.name &&
          !facts.buildings.some(
            (other) => other.name === building.name && scopes[person].buildings.has(other.id),
          ),
      )
      .map((building) => building.name!);
  const unknownId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
  const kinds = ['building', 'floor', 'space', 'device'] as const;
  // A route that takes an id, with a place outside the scope or an unknown id.
  const routeProbe = fc.record({
    person: fc.constantFrom(...scoped),
    route: fc.integer({ min: 0, max: 15 }),
    pick: fc.nat(),
    kind: fc.constantFrom(...kinds),
    unknown: fc.option(unknownId, { nil: undefined }),
  });
  // GraphQL by id, by a name only other organisations' buildings have, with aliases and fragments.
  const graphqlProbe = fc.record({
    shape: fc.constantFrom(
      'by-id' as const,
      'by-name' as const,
      'aliased' as const,
      'fragment' as const,
    ),
    person: fc.constantFrom(...scoped),
    pick: fc.nat(),
    unknown: fc.option(unknownId, { nil: undefined }),
  });
  type RouteProbe = typeof routeProbe extends fc.Arbitrary<infer T> ? T : never;
  type GraphqlProbe = typeof graphqlProbe extends fc.Arbitrary<infer T> ? T : never;
  const queries = {
    'by-id': `query Q($v: ID!) { buildings(where: { id: { eq: $v } }) { id name } }`,
    'by-name': `query Q($v: String!) { buildings(where: { name: { eq: $v } }) { id name } }`,
    aliased: `query Q($v: ID!) { mine: buildings(where: { id: { eq: $v } }) { id } __typename }`,
    fragment: `query Q($v: String!) { ...F } fragment F on Query { ... on Query { b: buildings(where: { name: { eq: $v } }) { id levels { name } } } }`,
  };
  // Worked out once per person, on first use (the portfolio's facts are read in beforeAll).
  const outside = new Map<DemoPerson, ReturnType<typeof outsideOf>>();
  const outsideNames = new Map<DemoPerson, string[]>();
  const placeOf = (probe: { person: DemoPerson; pick: number }) => {
    if (!outside.has(probe.person)) outside.set(probe.person, outsideOf(probe.person));
    const places = outside.get(probe.person)!;
    return places[probe.pick % places.length]!;
  };
  const nameOf = (probe: { person: DemoPerson; pick: number }) => {
    if (!outsideNames.has(probe.person))
      outsideNames.set(probe.person, namesOutsideOf(probe.person));
    const names = outsideNames.get(probe.person)!;
    return names[probe.pick % names.length]!;
  };
  /** Sends the probes twenty at a time, as a browser's page of requests would come; counts them. */
  const sendAll = async <Probe>(probes: Probe[], probeOnce: (probe: Probe) => Promise<void>) => {
    let asked = 0;
    for (let start = 0; start < probes.length; start += 20) {
      const batch = probes.slice(start, start + 20);
      await Promise.all(batch.map(probeOnce));
      asked += batch.length;
    }
    return asked;
  };

  // 10,000 generated requests in all, in two tests of 5,000: routes by id, and GraphQL.
  it('5,000 generated requests to routes by id, outside the scope or unknown, answer 404 or 400 and ask the platform nothing', async () => {
    const { as, running } = storey.context;
    running.platform.emulator.requests.clear();
    const asked = await sendAll(fc.sample(routeProbe, 5_000), async (probe: RouteProbe) => {
      const place = placeOf(probe);
      const ids = { ...place, ...(probe.unknown ? { [probe.kind]: probe.unknown } : {}) };
      const url = idRoutes(ids)[probe.route]!;
      const answer = await as(probe.person, url);
      expect([400, 404], `${probe.person} ${url}`).toContain(answer.status);
    });
    expect(asked).toBe(5_000);
    expect(running.platform.requests()).toEqual([]);
  }, 360_000);

  it('5,000 generated GraphQL queries by id or name outside the scope, aliased or in fragments, answer 404 or 400 and ask the platform nothing', async () => {
    const { as, running } = storey.context;
    running.platform.emulator.requests.clear();
    const asked = await sendAll(fc.sample(graphqlProbe, 5_000), async (probe: GraphqlProbe) => {
      const id = probe.unknown ?? placeOf(probe).building;
      const name = probe.unknown ?? nameOf(probe);
      const query = queries[probe.shape];
      const variables = { v: probe.shape === 'by-id' || probe.shape === 'aliased' ? id : name };
      const answer = await as(probe.person, '/graphql', {
        method: 'POST',
        body: { query, variables },
      });
      expect([400, 404], `${probe.person} ${query} ${JSON.stringify(variables)}`).toContain(
        answer.status,
      );
    });
    expect(asked).toBe(5_000);
    expect(running.platform.requests()).toEqual([]);
  }, 360_000);

  it('answers a place outside the scope exactly as an unknown one: same status, same words, same time', async () => {
    const { as } = storey.context;
    const outside = facts.buildings.find((building) => !scopes.tom.buildings.has(building.id))!.id;
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const timing = { outside: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    // Interleaved, so whatever else the machine does falls on both alike.
    for (let round = 0; round < 1000; round++)
      for (const [which, id] of [
        ['outside', outside],
        ['unknown', unknown],
      ] as const) {
        const started = performance.now();
        const answer = await as('tom', `/api/Buildings/${id}/Floors?take=1000`);
        timing[which].push(performance.now() - started);
        expect(answer.status).toBe(404);
        bodies.add(answer.body);
      }
    expect(bodies.size).toBe(1);
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    expect(Math.abs(median(timing.outside) - median(timing.unknown))).toBeLessThan(5);
  }, 240_000);

  it('never hands one person’s listing to another asking at the same moment (1,000 pairs)', async () => {
    const { as } = storey.context;
    const ids = async (person: DemoPerson) => {
      const answer = await as(person, '/api/Buildings?take=1000&includeCounts=true');
      expect(answer.status).toBe(200);
      return new Set((answer.json() as Array<{ id: string }>).map((building) => building.id));
    };
    const pairs = await Promise.all(
      Array.from({ length: 1000 }, () => Promise.all([ids('pat'), ids('sofia')])),
    );
    for (const [pat, sofia] of pairs) {
      expect(pat).toEqual(scopes.pat.buildings);
      expect(sofia).toEqual(scopes.sofia.buildings);
    }
  }, 240_000);
});
