import { describe, expect, it } from 'vitest';
import {
  buildingScore,
  checkPortfolio,
  scoresByBuilding,
  type BuildingDrillDown,
  type BuildingFacts,
  type LevelFacts,
  type SiteFacts,
} from '../../server/portfolio-index/quality/rules';
import { rules, scoreWeights, type RuleId } from '../../server/portfolio-index/quality/catalogue';
import {
  generatePortfolio,
  plantedProblemAt,
  type PlantedProblem,
  resolvePortfolioOptions,
  specialBuildings,
} from '../../server/emulator/portfolio';

/** A building with nothing wrong: 4 floors of 500 m², 40 spaces, counts included. */
const sound = (overrides: Partial<BuildingFacts> = {}): BuildingFacts => ({
  id: overrides.id ?? 'b1',
  name: 'Atrium',
  referenceId: 'atrium-1',
  siteId: 's1',
  floorCount: 4,
  spaceCount: 40,
  deviceCount: 10,
  measurementCount: 30,
  countsIncluded: true,
  area: 2000,
  ...overrides,
});

const level = (position: number, overrides: Partial<LevelFacts> = {}): LevelFacts => ({
  position,
  name: `Level ${position}`,
  area: 500,
  rooms: 10,
  sameNameRooms: false,
  ...overrides,
});

const soundDrillDown: BuildingDrillDown = {
  levels: Array.from({ length: 4 }, (_, position) => level(position)),
};

/** The record as the emulator's listing gives it, as the index keeps it. */
const asFacts = (record: {
  id: string;
  name: string | null;
  referenceId: string | null;
  siteId: string;
  area: number;
  floorCount: number;
  spaceCount: number;
  deviceCount: number;
  measurementCount: number;
  includesDeviceAndMeasurementCounts: boolean;
}): BuildingFacts => ({ ...record, countsIncluded: record.includesDeviceAndMeasurementCounts });

const ruleIds = (
  buildings: BuildingFacts[],
  drillDowns?: Map<string, BuildingDrillDown>,
  sites: SiteFacts[] = [],
) => checkPortfolio({ buildings, drillDowns, sites }).map((finding) => finding.ruleId);

describe("data-quality findings' words", () => {
  it('write areas as people read them, with a thousands separator', () => {
    const details = (building: BuildingFacts) =>
      checkPortfolio({ buildings: [building] }).map((finding) => finding.detail);
    expect(details(sound({ area: 57_411.44, floorCount: 1, spaceCount: 40 }))).toContain(
      '57,411.4 m² a floor',
    );
    expect(details(sound({ area: 400_000, floorCount: 10 }))).toContain('10,000 m² a space');
  });
});

describe('data-quality rules: each one fires on its problem and not on a sound building', () => {
  it('finds nothing in a sound building with sound floors and rooms', () => {
    expect(ruleIds([sound()], new Map([['b1', soundDrillDown]]))).toEqual([]);
    // Nor when the floor list was read apart from the levels and agrees.
    expect(
      ruleIds(
        [sound()],
        new Map([['b1', { ...soundDrillDown, listedFloors: { count: 4, area: 2000 } }]]),
      ),
    ).toEqual([]);
  });

  const cases: Array<[RuleId, () => RuleId[]]> = [
    ['name-missing', () => ruleIds([sound({ name: '  ' })])],
    ['reference-missing', () => ruleIds([sound({ referenceId: null })])],
    ['name-duplicate-in-site', () => ruleIds([sound(), sound({ id: 'b2', name: ' ATRIUM ' })])],
    ['name-duplicate-in-portfolio', () => ruleIds([sound(), sound({ id: 'b2', siteId: 's2' })])],
    ['area-missing', () => ruleIds([sound({ area: 0 })])],
    ['area-per-floor-implausible', () => ruleIds([sound({ area: 12, spaceCount: 4 })])],
    ['area-per-space-implausible', () => ruleIds([sound({ area: 400_000, floorCount: 10 })])],
    ['devices-without-structure', () => ruleIds([sound({ floorCount: 0, spaceCount: 0 })])],
    ['counts-not-included', () => ruleIds([sound({ countsIncluded: false })])],
    [
      'floor-count-mismatch',
      () =>
        ruleIds(
          [sound()],
          new Map([['b1', { ...soundDrillDown, listedFloors: { count: 3, area: 2000 } }]]),
        ),
    ],
    [
      'space-count-mismatch',
      () => ruleIds([sound({ spaceCount: 43 })], new Map([['b1', soundDrillDown]])),
    ],
    [
      'floor-area-sum-mismatch',
      () =>
        ruleIds(
          [sound()],
          new Map([
            ['b1', { levels: soundDrillDown.levels!.map((each) => ({ ...each, area: 700 })) }],
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
                levels: [
                  ...soundDrillDown.levels!.slice(0, 3),
                  level(3, { name: 'Roof', rooms: 0 }),
                ],
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
              { levels: [level(0, { sameNameRooms: true }), ...soundDrillDown.levels!.slice(1)] },
            ],
          ]),
        ),
    ],
    [
      'site-without-buildings',
      () =>
        ruleIds([sound()], undefined, [
          { id: 's1', name: 'A' },
          { id: 's9', name: 'Empty' },
        ]),
    ],
  ];

  it('covers every rule', () => {
    expect(cases.map(([id]) => id).sort()).toEqual(rules.map((rule) => rule.id).sort());
  });

  it.each(cases)('%s', (ruleId, run) => {
    expect(run()).toContain(ruleId);
    // Negative: the sound building does not trip it.
    expect(ruleIds([sound()], new Map([['b1', soundDrillDown]]))).not.toContain(ruleId);
  });

  it('checks floors and rooms only for buildings whose drill-down was read', () => {
    expect(ruleIds([sound({ spaceCount: 43 })])).not.toContain('space-count-mismatch');
  });

  it('adds floor areas only when every level has one, and prefers the floor list', () => {
    const unknownArea = soundDrillDown.levels!.map((each, index) =>
      index === 0 ? { ...each, area: null } : each,
    );
    expect(ruleIds([sound()], new Map([['b1', { levels: unknownArea }]]))).toEqual([]);
    expect(
      ruleIds(
        [sound()],
        new Map([['b1', { levels: unknownArea, listedFloors: { count: 4, area: 900 } }]]),
      ),
    ).toEqual(['floor-area-sum-mismatch']);
  });

  it('says which floor a floor finding is about', () => {
    const [finding] = checkPortfolio({
      buildings: [sound({ spaceCount: 30 })],
      drillDowns: new Map([
        [
          'b1',
          { levels: [...soundDrillDown.levels!.slice(0, 3), level(3, { name: 'Roof', rooms: 0 })] },
        ],
      ]),
    });
    expect(finding).toMatchObject({
      ruleId: 'floor-without-rooms',
      detail: 'Roof',
      levelPosition: 3,
    });
  });
});

describe('scores', () => {
  it('costs each broken rule once by its severity, and never goes below 0', () => {
    expect(buildingScore([])).toBe(100);
    const findings = checkPortfolio({
      buildings: [sound({ name: '', referenceId: null }), sound({ id: 'b2', name: 'Other' })],
    });
    const scores = scoresByBuilding([{ id: 'b1' }, { id: 'b2' }], findings);
    expect(scores.get('b1')).toBe(100 - scoreWeights.error - scoreWeights.warning);
    expect(scores.get('b2')).toBe(100);
    expect(
      buildingScore(
        Array.from({ length: 5 }, () => ({ ruleId: 'area-missing', severity: 'error' }) as const),
      ),
    ).toBe(100 - scoreWeights.error);
    expect(
      buildingScore(
        (['name-missing', 'area-missing', 'devices-without-structure'] as const)
          .flatMap((ruleId) => [{ ruleId, severity: 'error' as const }])
          .concat([
            { ruleId: 'name-missing', severity: 'error' },
            { ruleId: 'area-missing', severity: 'error' },
          ]),
      ),
    ).toBe(100 - 3 * scoreWeights.error);
  });

  it('weighs notes far below errors: sixty floors of same-name rooms are not "0 / 100"', () => {
    // The review's Skyline Tower: a note on each of its 60 floors.
    const levels = Array.from({ length: 60 }, (_, position) =>
      level(position, { sameNameRooms: true, area: 2000 / 60, rooms: 1 }),
    );
    const tower = sound({ floorCount: 60, spaceCount: 60 });
    const findings = checkPortfolio({
      buildings: [tower],
      drillDowns: new Map([['b1', { levels }]]),
    });
    expect(findings).toHaveLength(60);
    expect(buildingScore(findings)).toBe(100 - scoreWeights.info);
    expect(scoreWeights.info * 5).toBeLessThan(scoreWeights.error);
  });
});

describe('the emulator plants each problem at a known rate', () => {
  for (const profile of ['default', 'large'] as const) {
    it(`finds exactly the planted problems (${profile} profile)`, () => {
      const portfolio = generatePortfolio(resolvePortfolioOptions({ profile }));
      const buildings = portfolio.buildings.map((entry) => asFacts(entry.record));
      const findings = checkPortfolio({ buildings, sites: portfolio.sites });
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
      expect(count('area-per-floor-implausible')).toBeGreaterThanOrEqual(planted('tinyArea'));
      expect(count('site-without-buildings')).toBe(1);
      expect(count('reference-missing')).toBe(1);
      expect(count('counts-not-included')).toBe(
        buildings.filter((building) => !building.countsIncluded).length,
      );
      // The empty shell: devices on a building with no floors.
      const shell = buildings[specialBuildings.noFloors]!;
      expect(
        findings.some(
          (finding) =>
            finding.buildingId === shell.id &&
            finding.ruleId ===
              (shell.countsIncluded ? 'devices-without-structure' : 'counts-not-included'),
        ),
      ).toBe(true);
    });
  }
});
