import type { Building, Floor, Site } from '@/api/platform-schemas';
import { displayName, siteLabel } from './format';

/**
 * The data-quality rules: what is wrong or missing in the portfolio's master data, in words a
 * facility manager can send to whoever maintains it. Pure: computed from what the dashboard has
 * loaded, the listings for the whole portfolio and, where a building has been opened (or checked
 * in the background), its floors and drill-down.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Rule {
  id: string;
  severity: Severity;
  title: string;
  /** One line: what is wrong and why it matters. */
  explanation: string;
  fields: string[];
  /** Needs a building's floors and drill-down (not just the listing). */
  deep: boolean;
}

export const rules = [
  {
    id: 'name-missing',
    severity: 'error',
    title: 'Name missing',
    explanation:
      'The building has no name, so people cannot find it and the floors cannot be looked up.',
    fields: ['name'],
    deep: false,
  },
  {
    id: 'reference-missing',
    severity: 'warning',
    title: 'Reference missing',
    explanation: 'The building has no reference id, which other systems use to match it.',
    fields: ['referenceId'],
    deep: false,
  },
  {
    id: 'name-duplicate-in-site',
    severity: 'warning',
    title: 'Same name as another building on its site',
    explanation: 'Two buildings on one site share a name, so people cannot tell them apart.',
    fields: ['name', 'siteId'],
    deep: false,
  },
  {
    id: 'name-duplicate-in-portfolio',
    severity: 'info',
    title: 'Same name as a building on another site',
    explanation: 'Another site has a building of the same name; check that is intended.',
    fields: ['name'],
    deep: false,
  },
  {
    id: 'area-missing',
    severity: 'error',
    title: 'Area missing',
    explanation: 'The area is 0 or not given, so no figure per square metre can be worked out.',
    fields: ['area'],
    deep: false,
  },
  {
    id: 'area-per-floor-implausible',
    severity: 'warning',
    title: 'Implausible area per floor',
    explanation: 'The area divided by the floors is outside what a building can have.',
    fields: ['area', 'floorCount'],
    deep: false,
  },
  {
    id: 'area-per-space-implausible',
    severity: 'warning',
    title: 'Implausible area per space',
    explanation: 'The area divided by the spaces is outside what a room can have.',
    fields: ['area', 'spaceCount'],
    deep: false,
  },
  {
    id: 'devices-without-structure',
    severity: 'error',
    title: 'Devices on a building without floors or spaces',
    explanation:
      'Devices or measurements are counted on a building that has no floors or spaces: they cannot be placed.',
    fields: ['deviceCount', 'measurementCount', 'floorCount', 'spaceCount'],
    deep: false,
  },
  {
    id: 'counts-not-included',
    severity: 'info',
    title: 'Device and measurement counts not included',
    explanation:
      'The platform did not include device and measurement counts, so portfolio totals leave this building out.',
    fields: ['includesDeviceAndMeasurementCounts'],
    deep: false,
  },
  {
    id: 'floor-count-mismatch',
    severity: 'warning',
    title: 'Floor counts disagree',
    explanation: "The building's floor count, its list of floors and its drill-down do not agree.",
    fields: ['floorCount', 'floors', 'levels'],
    deep: true,
  },
  {
    id: 'space-count-mismatch',
    severity: 'warning',
    title: 'Space count disagrees with the rooms',
    explanation: "The building's space count differs from the rooms its floors hold.",
    fields: ['spaceCount', 'rooms'],
    deep: true,
  },
  {
    id: 'floor-area-sum-mismatch',
    severity: 'warning',
    title: "Floor areas do not add up to the building's",
    explanation:
      "The floors' areas add up to more or less than the building's area, beyond the tolerance.",
    fields: ['area', 'floors.area'],
    deep: true,
  },
  {
    id: 'floor-without-rooms',
    severity: 'info',
    title: 'Floor without rooms',
    explanation: 'A floor has no rooms; check whether they are missing.',
    fields: ['levels.rooms'],
    deep: true,
  },
  {
    id: 'room-name-duplicate',
    severity: 'info',
    title: 'Rooms of the same name on a floor',
    explanation: 'Several rooms on one floor share a name; people may mix them up.',
    fields: ['rooms.name'],
    deep: true,
  },
  {
    id: 'site-without-buildings',
    severity: 'info',
    title: 'Site without buildings',
    explanation: 'The site has no buildings this account can see.',
    fields: ['site'],
    deep: false,
  },
] as const satisfies readonly Rule[];

export type RuleId = (typeof rules)[number]['id'];
export const ruleById = new Map<string, Rule>(rules.map((rule) => [rule.id, rule]));

export interface Finding {
  ruleId: RuleId;
  severity: Severity;
  /** Absent for site findings. */
  buildingId?: string;
  siteId: string;
  /** What exactly, in a few words ("Level 3", "212 m² a floor"). */
  detail?: string;
}

export interface QualityBounds {
  /** Plausible area per floor, m² (below or above is flagged). */
  floorArea: [number, number];
  /** Plausible area per space, m². */
  spaceArea: [number, number];
  /** Floor areas may differ from the building's by this share (0.05 = 5 %). */
  floorSumTolerance: number;
}

export const defaultBounds: QualityBounds = {
  floorArea: [5, 50_000],
  spaceArea: [1, 5_000],
  floorSumTolerance: 0.05,
};

/** What is known of a building beyond the listing, once opened or checked. */
export interface BuildingDetail {
  floors?: ReadonlyArray<Pick<Floor, 'area'>> | undefined;
  levels?:
    | ReadonlyArray<{ name: string | null; rooms: ReadonlyArray<{ name: string | null }> | null }>
    | null
    | undefined;
}

const blank = (text: string | null | undefined) => !text || text.trim() === '';
const key = (name: string | null | undefined) => (name ?? '').trim().toLocaleLowerCase();

export interface QualityInput {
  buildings: readonly Building[];
  sites?: readonly Site[] | undefined;
  details?: ReadonlyMap<string, BuildingDetail> | undefined;
  bounds?: QualityBounds | undefined;
}

export function checkPortfolio({
  buildings,
  sites = [],
  details,
  bounds = defaultBounds,
}: QualityInput): Finding[] {
  const findings: Finding[] = [];
  const inSite = new Map<string, number>();
  const inPortfolio = new Map<string, Set<string>>();
  for (const building of buildings) {
    if (blank(building.name)) continue;
    const name = key(building.name);
    inSite.set(
      `${building.siteId}\u0000${name}`,
      (inSite.get(`${building.siteId}\u0000${name}`) ?? 0) + 1,
    );
    inPortfolio.set(name, (inPortfolio.get(name) ?? new Set()).add(building.siteId));
  }
  for (const building of buildings) {
    const add = (ruleId: RuleId, detail?: string) =>
      findings.push({
        ruleId,
        severity: ruleById.get(ruleId)!.severity,
        buildingId: building.id,
        siteId: building.siteId,
        ...(detail ? { detail } : {}),
      });
    if (blank(building.name)) add('name-missing');
    else {
      const name = key(building.name);
      if ((inSite.get(`${building.siteId}\u0000${name}`) ?? 0) > 1) add('name-duplicate-in-site');
      else if ((inPortfolio.get(name)?.size ?? 0) > 1) add('name-duplicate-in-portfolio');
    }
    if (blank(building.referenceId)) add('reference-missing');
    const area = building.area;
    if (!(area > 0)) add('area-missing');
    else {
      if (building.floorCount > 0) {
        const perFloor = area / building.floorCount;
        if (perFloor < bounds.floorArea[0] || perFloor > bounds.floorArea[1])
          add('area-per-floor-implausible', `${Math.round(perFloor * 10) / 10} m² a floor`);
      }
      if (building.spaceCount > 0) {
        const perSpace = area / building.spaceCount;
        if (perSpace < bounds.spaceArea[0] || perSpace > bounds.spaceArea[1])
          add('area-per-space-implausible', `${Math.round(perSpace * 10) / 10} m² a space`);
      }
    }
    if (!building.includesDeviceAndMeasurementCounts) add('counts-not-included');
    else if (
      (building.deviceCount > 0 || building.measurementCount > 0) &&
      (building.floorCount === 0 || building.spaceCount === 0)
    )
      add('devices-without-structure', `${building.deviceCount} devices`);

    const detail = details?.get(building.id);
    if (!detail) continue;
    const listed = detail.floors?.length;
    const levels = detail.levels?.length;
    if (
      (listed !== undefined && listed !== building.floorCount) ||
      (levels !== undefined && levels !== building.floorCount) ||
      (listed !== undefined && levels !== undefined && listed !== levels)
    )
      add(
        'floor-count-mismatch',
        [
          `record ${building.floorCount}`,
          listed !== undefined ? `list ${listed}` : '',
          levels !== undefined ? `drill-down ${levels}` : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
    if (detail.levels) {
      const rooms = detail.levels.reduce((sum, level) => sum + (level.rooms?.length ?? 0), 0);
      if (rooms !== building.spaceCount)
        add('space-count-mismatch', `record ${building.spaceCount}, rooms ${rooms}`);
      for (const level of detail.levels) {
        if (level.rooms && level.rooms.length === 0)
          add('floor-without-rooms', displayName(level.name));
        const names = new Map<string, number>();
        for (const room of level.rooms ?? [])
          names.set(key(room.name), (names.get(key(room.name)) ?? 0) + 1);
        if ([...names.values()].some((count) => count > 1))
          add('room-name-duplicate', displayName(level.name));
      }
    }
    if (detail.floors && detail.floors.length > 0 && area > 0) {
      const sum = detail.floors.reduce((total, floor) => total + (floor.area ?? 0), 0);
      if (Math.abs(sum - area) > area * bounds.floorSumTolerance)
        add(
          'floor-area-sum-mismatch',
          `floors ${Math.round(sum)} m², building ${Math.round(area)} m²`,
        );
    }
  }
  const withBuildings = new Set(buildings.map((building) => building.siteId));
  for (const site of sites)
    if (!withBuildings.has(site.id))
      findings.push({
        ruleId: 'site-without-buildings',
        severity: 'info',
        siteId: site.id,
        detail: siteLabel(site.id, site.name),
      });
  return findings;
}

const severityWeight: Record<Severity, number> = { error: 25, warning: 10, info: 2 };

/**
 * 0–100: 100 with nothing found, less for each finding by its severity (an error costs 25, a
 * warning 10, a note 2), never below 0. The portfolio's score is the mean of its buildings'.
 */
export function buildingScore(findings: readonly Finding[]): number {
  return Math.max(
    0,
    100 - findings.reduce((sum, finding) => sum + severityWeight[finding.severity], 0),
  );
}

export function scoresByBuilding(
  buildings: readonly Building[],
  findings: readonly Finding[],
): Map<string, number> {
  const byBuilding = new Map<string, Finding[]>();
  for (const finding of findings)
    if (finding.buildingId)
      byBuilding.set(finding.buildingId, [...(byBuilding.get(finding.buildingId) ?? []), finding]);
  return new Map(
    buildings.map((building) => [building.id, buildingScore(byBuilding.get(building.id) ?? [])]),
  );
}

export function portfolioScore(scores: ReadonlyMap<string, number>): number {
  if (scores.size === 0) return 100;
  let sum = 0;
  for (const score of scores.values()) sum += score;
  return Math.round(sum / scores.size);
}
