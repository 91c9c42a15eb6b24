import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildingQualitySchema,
  qualityFindingsSchema,
  qualityScoresSchema,
  qualitySummarySchema,
} from '@/api/get-quality';
import { indexStatusSchema } from '@/api/get-index-status';
import {
  checkPortfolio,
  scoresByBuilding,
  type BuildingDrillDown,
} from '../../server/portfolio-index/quality/rules';
import { specialBuildings } from '../../server/emulator/portfolio';
import type { RunningPlatform } from './support/harness';
import { getJson, indexedPlatform, type IndexedPlatform } from './support/indexed-platform';

/**
 * Data quality as the index works it out after each sync: the same rules over the platform's
 * whole portfolio, one score per building, read by every screen through /api/index/quality.
 * Answers are parsed with the dashboard's own schemas (the contract).
 */
type Context = IndexedPlatform;
const get = getJson;

/**
 * The rules applied to what the emulator holds, read from its own records: what the index must
 * have found. `spec`: floors listed apart from the levels, and nameless buildings unread.
 */
function expectedQuality(platform: RunningPlatform, options: { spec: boolean; areas: boolean }) {
  const { portfolio } = platform.emulator;
  const buildings = portfolio.buildings.map(({ record }) => ({
    ...record,
    countsIncluded: record.includesDeviceAndMeasurementCounts,
  }));
  const drillDowns = new Map<string, BuildingDrillDown>();
  for (const entry of portfolio.buildings) {
    if (options.spec && !entry.record.name) continue;
    const floors = portfolio.floorsOf(entry);
    drillDowns.set(entry.record.id, {
      levels: floors.map((floor, position) => {
        const names = floor.spaces.map((space) => (space.name ?? '').trim().toLowerCase());
        return {
          position,
          name: floor.record.name,
          area: options.areas && !options.spec ? floor.record.area : null,
          rooms: floor.spaces.length,
          sameNameRooms: new Set(names).size < names.length,
        };
      }),
      listedFloors: options.spec
        ? {
            count: floors.length,
            area: floors.reduce((sum, floor) => sum + (floor.record.area ?? 0), 0),
          }
        : undefined,
    });
  }
  const findings = checkPortfolio({ buildings, sites: portfolio.sites, drillDowns });
  return { findings, scores: scoresByBuilding(buildings, findings), drillDowns };
}

const findingKey = (finding: {
  ruleId: string;
  buildingId?: string | null;
  siteId: string | null;
  detail?: string | null;
  levelPosition?: number | null;
}) =>
  [
    finding.ruleId,
    finding.buildingId ?? '',
    finding.siteId,
    finding.detail ?? '',
    finding.levelPosition ?? '',
  ].join('|');

async function allFindings(context: Context) {
  const answer = qualityFindingsSchema.parse(
    (await get(context, '/api/index/quality/findings?limit=5000')).body,
  );
  expect(answer.findings).toHaveLength(answer.total);
  return answer.findings;
}

describe('data quality from the index on the full platform', () => {
  const running = indexedPlatform({}, { INDEX_PAGE_SIZE: '200' });
  let context: Context;
  beforeAll(() => {
    context = running.context;
  });

  it('answers 503 in plain words before the first sync', async () => {
    for (const url of [
      '/api/index/quality',
      '/api/index/quality/findings',
      '/api/index/quality/scores',
      '/api/index/quality/buildings/anything',
    ]) {
      const answer = await get(context, url);
      expect(answer.status, url).toBe(503);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(answer.body.detail).toMatch(/still being indexed/);
    }
  });

  it('finds what the rules find in everything the platform holds, floors and rooms included', async () => {
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const areas = (await context.bff.app.capabilities.current()).graphql.areas;
    const expected = expectedQuality(context.platform, { spec: false, areas });
    const found = await allFindings(context);
    expect(found.map(findingKey).sort()).toEqual(expected.findings.map(findingKey).sort());
    // The planted floor and room disagreements are among them.
    const buildingsWith = (ruleId: string) =>
      new Set(found.filter((f) => f.ruleId === ruleId).map((f) => f.buildingId));
    const at = (index: number) => context.platform.emulator.portfolio.buildings[index]!.record.id;
    expect(buildingsWith('floor-count-mismatch')).toEqual(new Set([at(23)]));
    expect(buildingsWith('space-count-mismatch')).toEqual(new Set([at(22)]));
    if (areas) expect(buildingsWith('floor-area-sum-mismatch').has(at(21))).toBe(true);
  });

  it('gives each building one score, the same from every endpoint', async () => {
    const areas = (await context.bff.app.capabilities.current()).graphql.areas;
    const expected = expectedQuality(context.platform, { spec: false, areas });
    const scores = qualityScoresSchema.parse(
      (await get(context, '/api/index/quality/scores')).body,
    );
    expect(new Map(scores.buildings.map((row) => [row.buildingId, row.score]))).toEqual(
      expected.scores,
    );
    const tower = context.platform.emulator.portfolio.buildings[specialBuildings.tower]!.record;
    const own = buildingQualitySchema.parse(
      (await get(context, `/api/index/quality/buildings/${tower.id}`)).body,
    );
    expect(own.score).toBe(expected.scores.get(tower.id));
    expect(own.checked).toBe(true);
    // Every floor of the tower has two rooms called "Meeting room": one note, not one per floor.
    expect(own.findings.filter((f) => f.ruleId === 'room-name-duplicate').length).toBeGreaterThan(
      10,
    );
    expect(own.score).toBeGreaterThanOrEqual(90);
    expect(own.findings.find((f) => f.levelPosition === 1)).toMatchObject({
      levelName: 'Level 1',
      detail: 'Level 1',
      buildingName: tower.name,
    });
    // What a maintainer is sent names the floor by its id and the rooms that share a name.
    const towerEntry = context.platform.emulator.portfolio.buildings[specialBuildings.tower]!;
    const levelOne = context.platform.emulator.portfolio.floorsOf(towerEntry)[1]!;
    const meetingRooms = levelOne.spaces
      .filter((space) => space.name === 'Meeting room')
      .map((space) => ({ id: space.id, name: space.name }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(meetingRooms).toHaveLength(2);
    expect(
      own.findings.find((f) => f.ruleId === 'room-name-duplicate' && f.levelPosition === 1),
    ).toMatchObject({ levelId: levelOne.record.id, rooms: meetingRooms });
    const summary = qualitySummarySchema.parse((await get(context, '/api/index/quality')).body);
    const all = [...expected.scores.values()];
    expect(summary.score).toBe(Math.round(all.reduce((sum, score) => sum + score, 0) / all.length));
    expect(summary.buildings).toBe(all.length);
    expect(summary.checked).toBe(all.length);
    expect(summary.formula.text).toMatch(/counts once/);
  });

  it('narrows figures and findings to an organization or a site', async () => {
    const { portfolio } = context.platform.emulator;
    const site = portfolio.sites.find((candidate) =>
      portfolio.buildings.some((entry) => entry.record.siteId === candidate.id),
    )!;
    const organization = portfolio.organizations[1]!;
    const areas = (await context.bff.app.capabilities.current()).graphql.areas;
    const expected = expectedQuality(context.platform, { spec: false, areas });
    for (const [query, keep] of [
      [`site=${site.id}`, (f: { siteId: string | null }) => f.siteId === site.id],
      [
        `organization=${organization.id}`,
        (f: { siteId: string | null }) =>
          portfolio.sites.find((s) => s.id === f.siteId)?.organizationId === organization.id,
      ],
    ] as const) {
      const summary = qualitySummarySchema.parse(
        (await get(context, `/api/index/quality?${query}`)).body,
      );
      const inScope = expected.findings.filter(keep);
      expect(summary.findings.error + summary.findings.warning + summary.findings.info).toBe(
        inScope.length,
      );
      const findings = qualityFindingsSchema.parse(
        (await get(context, `/api/index/quality/findings?${query}&limit=5000`)).body,
      );
      expect(findings.total).toBe(inScope.length);
      expect(findings.findings.every(keep)).toBe(true);
    }
  });

  it('pages findings in one order, the most severe first', async () => {
    const all = await allFindings(context);
    const rank = { error: 0, warning: 1, info: 2 };
    expect(all.map((f) => rank[f.severity])).toEqual(
      [...all.map((f) => rank[f.severity])].sort((a, b) => a - b),
    );
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 7)
      pages.push(
        ...qualityFindingsSchema.parse(
          (await get(context, `/api/index/quality/findings?offset=${offset}&limit=7`)).body,
        ).findings,
      );
    expect(pages).toEqual(all);
    const byRule = qualityFindingsSchema.parse(
      (await get(context, '/api/index/quality/findings?rule=site-without-buildings')).body,
    );
    expect(byRule.total).toBe(1);
    expect(byRule.findings[0]).toMatchObject({
      buildingId: null,
      ruleId: 'site-without-buildings',
    });
  });

  it('groups findings by rule or by building, each group whole and counted', async () => {
    const all = await allFindings(context);
    for (const [group, keyOf] of [
      ['severity', (f: (typeof all)[number]) => f.severity],
      ['rule', (f: (typeof all)[number]) => f.ruleId],
      ['building', (f: (typeof all)[number]) => f.buildingId ?? `site:${f.siteId}`],
    ] as const) {
      const answer = qualityFindingsSchema.parse(
        (await get(context, `/api/index/quality/findings?group=${group}&limit=5000`)).body,
      );
      expect(answer.group).toBe(group);
      // The same findings, each group in one run (never split), counted over the whole list.
      expect(new Set(answer.findings.map(findingKey))).toEqual(new Set(all.map(findingKey)));
      const runs = answer.findings
        .map(keyOf)
        .filter((key, index, keys) => index === 0 || keys[index - 1] !== key);
      expect(new Set(runs).size, group).toBe(runs.length);
      expect(answer.groups.map((entry) => entry.key)).toEqual(runs);
      for (const entry of answer.groups)
        expect(entry.count).toBe(all.filter((finding) => keyOf(finding) === entry.key).length);
      // A page counts its groups over the whole list, not over the page.
      const first = qualityFindingsSchema.parse(
        (await get(context, `/api/index/quality/findings?group=${group}&limit=3`)).body,
      );
      expect(first.groups[0]).toEqual(answer.groups[0]);
    }
    const byBuilding = qualityFindingsSchema.parse(
      (await get(context, '/api/index/quality/findings?group=building&limit=5000')).body,
    );
    // Buildings by name; a site's own findings after every building's.
    const names = byBuilding.findings
      .filter((finding) => finding.buildingId)
      .map((finding) => finding.buildingName ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byBuilding.findings.at(-1)!.buildingId).toBeNull();
    // Each building's group carries the score its issues explain, the one /scores gives it; a
    // site's own group has none.
    const scores = qualityScoresSchema.parse(
      (await get(context, '/api/index/quality/scores')).body,
    );
    const scoreOf = new Map(scores.buildings.map((entry) => [entry.buildingId, entry.score]));
    for (const entry of byBuilding.groups)
      expect(entry.score, entry.key).toBe(
        entry.key.startsWith('site:') ? undefined : scoreOf.get(entry.key),
      );
    expect(byBuilding.groups.filter((entry) => entry.score !== undefined).length).toBeGreaterThan(
      0,
    );
  });

  it('says in plain words when a building is not in the index, or a request is unclear', async () => {
    const missing = await get(context, '/api/index/quality/buildings/no-such-building');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(missing.body.detail).toMatch(/has no building with id "no-such-building"/);
    for (const url of [
      '/api/index/quality/findings?rule=made-up',
      '/api/index/quality/findings?severity=fatal',
      '/api/index/quality/findings?group=floor',
      '/api/index/quality/findings?limit=0',
      '/api/index/quality/findings?limit=5001',
      '/api/index/quality/findings?site=a&site=b',
      '/api/index/quality?colour=red',
      '/api/index/quality/scores?x=1',
      '/api/index/quality/buildings/%01',
    ]) {
      const answer = await get(context, url);
      expect(answer.status, url).toBe(400);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });
});

describe('data quality from the index on a platform that shows only the spec', () => {
  const running = indexedPlatform({ schema: 'spec' }, { INDEX_PAGE_SIZE: '200' });

  it('checks floors and rooms of every building it could read, and says which it could not', async () => {
    const context = running.context;
    // A building without a name: this platform finds buildings only by name.
    const nameless = context.platform.emulator.portfolio.buildings[specialBuildings.zeroArea]!;
    (nameless.record as { name: string | null }).name = null;
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const expected = expectedQuality(context.platform, { spec: true, areas: false });
    const found = await allFindings(context);
    expect(found.map(findingKey).sort()).toEqual(expected.findings.map(findingKey).sort());
    const summary = qualitySummarySchema.parse((await get(context, '/api/index/quality')).body);
    expect(summary.checked).toBe(summary.buildings - 1);
    const own = buildingQualitySchema.parse(
      (await get(context, `/api/index/quality/buildings/${nameless.record.id}`)).body,
    );
    expect(own).toMatchObject({ checked: false });
    expect(own.findings.map((f) => f.ruleId)).toContain('name-missing');
  });
});

describe('data quality from the index when the platform answers only in part', () => {
  const running = indexedPlatform({ schema: 'spec' }, { INDEX_PAGE_SIZE: '200' });

  it('finds nothing in platform trouble: buildings answered in part are unchecked, and said so', async () => {
    const context = running.context;
    // The platform's partial answer: the second level of every building fails to give its rooms.
    context.platform.emulator.faults.update({ graphqlPartialErrors: true });
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const { portfolio } = context.platform.emulator;
    const inPart = portfolio.buildings.filter(
      (entry) => entry.record.name && portfolio.floorsOf(entry).length > 1,
    );
    expect(inPart.length).toBeGreaterThan(0);
    // What the rules find on the data that came whole, and nothing about the levels that did not.
    const expected = expectedQuality(context.platform, { spec: true, areas: false });
    for (const entry of inPart) expected.drillDowns.delete(entry.record.id);
    const buildings = portfolio.buildings.map(({ record }) => ({
      ...record,
      countsIncluded: record.includesDeviceAndMeasurementCounts,
    }));
    const findings = checkPortfolio({
      buildings,
      sites: portfolio.sites,
      drillDowns: expected.drillDowns,
    });
    expect((await allFindings(context)).map(findingKey).sort()).toEqual(
      findings.map(findingKey).sort(),
    );
    const summary = qualitySummarySchema.parse((await get(context, '/api/index/quality')).body);
    expect(summary.checked).toBe(summary.buildings - inPart.length);
    const one = buildingQualitySchema.parse(
      (await get(context, `/api/index/quality/buildings/${inPart[0]!.record.id}`)).body,
    );
    expect(one.checked).toBe(false);
    const status = indexStatusSchema.parse((await get(context, '/api/index/status')).body);
    expect(status.served?.unread).toContain(
      `${inPart.length} buildings' levels or rooms came back only in part (the platform reported errors), so their floors and rooms are not checked until a sync reads them whole.`,
    );
  });
});
