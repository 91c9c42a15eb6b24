import { describe, expect, it } from 'vitest';
import type { Building, Site } from '@/api/platform-schemas';
import {
  buildingScore,
  checkPortfolio,
  portfolioScore,
  rules,
  scoresByBuilding,
  type BuildingDetail,
  type RuleId,
} from '@/lib/quality-rules';
import {
  generatePortfolio,
  plantedProblemAt,
  type PlantedProblem,
  resolvePortfolioOptions,
  specialBuildings,
} from '../../server/emulator/portfolio';

/** A building with nothing wrong: 4 floors of 500 m², 40 spaces, counts included. */
const sound = (overrides: Partial<Building> = {}): Building =>
  ({
    id: overrides.id ?? 'b1',
    name: 'Atrium',
    referenceId: 'atrium-1',
    organizationId: 'o1',
    organizationName: 'Owner',
    siteId: 's1',
    floorCount: 4,
    spaceCount: 40,
    deviceCount: 10,
    measurementCount: 30,
    includesDeviceAndMeasurementCounts: true,
    area: 2000,
    metadata: [],
    ...overrides,
  }) as Building;

const soundDetail: BuildingDetail = {
  floors: [{ area: 500 }, { area: 500 }, { area: 500 }, { area: 500 }],
  levels: Array.from({ length: 4 }, (_, level) => ({
    name: `Level ${level}`,
    rooms: Array.from({ length: 10 }, (_, room) => ({ name: `Room ${level}.${room}` })),
  })),
};

const ruleIds = (
  buildings: Building[],
  details?: Map<string, BuildingDetail>,
  sites: Site[] = [],
) => checkPortfolio({ buildings, details, sites }).map((finding) => finding.ruleId);

describe('data-quality rules: each one fires on its problem and not on a sound building', () => {
  it('finds nothing in a sound building with sound details', () => {
    expect(ruleIds([sound()], new Map([['b1', soundDetail]]))).toEqual([]);
  });

  const cases: Array<[RuleId, () => RuleId[]]> = [
    ['name-missing', () => ruleIds([sound({ name: '  ' })])],
    ['reference-missing', () => ruleIds([sound({ referenceId: null })])],
    ['name-duplicate-in-site', () => ruleIds([sound(), sound({ id: 'b2' })])],
    ['name-duplicate-in-portfolio', () => ruleIds([sound(), sound({ id: 'b2', siteId: 's2' })])],
    ['area-missing', () => ruleIds([sound({ area: 0 })])],
    ['area-per-floor-implausible', () => ruleIds([sound({ area: 12, spaceCount: 4 })])],
    ['area-per-space-implausible', () => ruleIds([sound({ area: 400_000, floorCount: 10 })])],
    ['devices-without-structure', () => ruleIds([sound({ floorCount: 0, spaceCount: 0 })])],
    ['counts-not-included', () => ruleIds([sound({ includesDeviceAndMeasurementCounts: false })])],
    [
      'floor-count-mismatch',
      () =>
        ruleIds(
          [sound()],
          new Map([['b1', { ...soundDetail, floors: soundDetail.floors!.slice(1) }]]),
        ),
    ],
    [
      'space-count-mismatch',
      () => ruleIds([sound({ spaceCount: 43 })], new Map([['b1', soundDetail]])),
    ],
    [
      'floor-area-sum-mismatch',
      () =>
        ruleIds(
          [sound()],
          new Map([
            ['b1', { ...soundDetail, floors: soundDetail.floors!.map(() => ({ area: 700 })) }],
          ]),
        ),
    ],
    [
      'floor-without-rooms',
      () =>
        ruleIds(
          [sound({ spaceCount: 30 })],
          new Map([
            [
              'b1',
              {
                ...soundDetail,
                levels: [...soundDetail.levels!.slice(0, 3), { name: 'Roof', rooms: [] }],
              },
            ],
          ]),
        ),
    ],
    [
      'room-name-duplicate',
      () =>
        ruleIds(
          [sound()],
          new Map([
            [
              'b1',
              {
                ...soundDetail,
                levels: [
                  {
                    name: 'Level 0',
                    rooms: Array.from({ length: 10 }, () => ({ name: 'Office' })),
                  },
                  ...soundDetail.levels!.slice(1),
                ],
              },
            ],
          ]),
        ),
    ],
    [
      'site-without-buildings',
      () =>
        ruleIds([sound()], undefined, [
          { id: 's1', name: 'A' } as Site,
          { id: 's9', name: 'Empty' } as Site,
        ]),
    ],
  ];

  it('covers every rule', () => {
    expect(cases.map(([id]) => id).sort()).toEqual(rules.map((rule) => rule.id).sort());
  });

  it.each(cases)('%s', (ruleId, run) => {
    expect(run()).toContain(ruleId);
    // Negative: the sound building does not trip it.
    expect(ruleIds([sound()], new Map([['b1', soundDetail]]))).not.toContain(ruleId);
  });

  it('checks floors and rooms only for buildings whose details are known', () => {
    expect(ruleIds([sound({ spaceCount: 43 })])).not.toContain('space-count-mismatch');
  });
});

describe('scores', () => {
  it('costs 25 per error, 10 per warning, 2 per note, and averages buildings', () => {
    expect(buildingScore([])).toBe(100);
    const findings = checkPortfolio({
      buildings: [sound({ name: '', referenceId: null }), sound({ id: 'b2', name: 'Other' })],
    });
    const scores = scoresByBuilding(
      [sound({ name: '' }), sound({ id: 'b2', name: 'Other' })],
      findings,
    );
    expect(scores.get('b1')).toBe(100 - 25 - 10);
    expect(scores.get('b2')).toBe(100);
    expect(portfolioScore(scores)).toBe(Math.round((65 + 100) / 2));
  });
});

describe('the emulator plants each problem at a known rate', () => {
  for (const profile of ['default', 'large'] as const) {
    it(`finds exactly the planted problems (${profile} profile)`, () => {
      const portfolio = generatePortfolio(resolvePortfolioOptions({ profile }));
      const buildings = portfolio.buildings.map((entry) => entry.record) as unknown as Building[];
      const findings = checkPortfolio({
        buildings,
        sites: portfolio.sites as unknown as Site[],
      });
      const count = (ruleId: RuleId) =>
        findings.filter((finding) => finding.ruleId === ruleId).length;
      const planted = (kind: PlantedProblem) =>
        portfolio.buildings.filter((entry) => plantedProblemAt(entry.index) === kind).length;
      expect(count('name-missing')).toBe(planted('blankName'));
      // Each planted twin and the building it copies (one lap of sites earlier, so from the
      // second lap on; the last site is the one left without buildings).
      const siteCount = portfolio.sites.length - 1;
      const twins = portfolio.buildings.filter(
        (entry) => plantedProblemAt(entry.index) === 'sameNameInSite' && entry.index >= siteCount,
      ).length;
      expect(twins).toBeGreaterThan(0);
      expect(count('name-duplicate-in-site')).toBe(2 * twins);
      expect(
        findings.filter((finding) => finding.ruleId === 'area-per-floor-implausible').length,
      ).toBeGreaterThanOrEqual(planted('tinyArea'));
      expect(count('site-without-buildings')).toBe(1);
      expect(count('reference-missing')).toBe(1);
      expect(count('counts-not-included')).toBe(
        buildings.filter((building) => !building.includesDeviceAndMeasurementCounts).length,
      );
      // The empty shell: devices on a building with no floors.
      const shell = buildings[specialBuildings.noFloors]!;
      expect(
        findings.some(
          (finding) =>
            finding.buildingId === shell.id &&
            finding.ruleId ===
              (shell.includesDeviceAndMeasurementCounts
                ? 'devices-without-structure'
                : 'counts-not-included'),
        ),
      ).toBe(true);
    });
  }

  it('plants floor and room disagreements that the deep rules find', () => {
    const portfolio = generatePortfolio(resolvePortfolioOptions({}));
    const details = new Map(
      portfolio.buildings.map((entry) => {
        const floors = portfolio.floorsOf(entry);
        return [
          entry.record.id,
          {
            floors: floors.map((floor) => floor.record),
            levels: floors.map((floor) => ({ name: floor.record.name, rooms: floor.spaces })),
          },
        ] as const;
      }),
    );
    const findings = checkPortfolio({
      buildings: portfolio.buildings.map((entry) => entry.record) as unknown as Building[],
      details,
    });
    const buildingsWith = (ruleId: RuleId) =>
      new Set(
        findings
          .filter((finding) => finding.ruleId === ruleId)
          .map((finding) => finding.buildingId),
      );
    const at = (index: number) => portfolio.buildings[index]!.record.id;
    expect(buildingsWith('floor-count-mismatch')).toEqual(new Set([at(23)]));
    expect(buildingsWith('space-count-mismatch')).toEqual(new Set([at(22)]));
    expect(buildingsWith('floor-area-sum-mismatch').has(at(21))).toBe(true);
  });
});
