/**
 * The data-quality rules: what is wrong or missing in the portfolio's master data, in words a
 * facility manager can send to whoever maintains it, and the score they add up to. They run here,
 * once, over the whole index after each sync (quality.ts); every screen reads their findings and
 * scores from /api/index/quality, so a building has one score wherever it is shown. Pure: no
 * database, no clock.
 */
import { displayName, siteLabel } from '../../../src/shared/labels.ts';

export type Severity = 'error' | 'warning' | 'info';

export interface Rule {
  id: string;
  severity: Severity;
  title: string;
  /** One line: what is wrong and why it matters. */
  explanation: string;
  /** The listing fields it reads (the comparison marks measures computed from them). */
  fields: readonly string[];
  /** Reads a building's floors and rooms, not just its record. */
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
    fields: ['floorCount'],
    deep: true,
  },
  {
    id: 'space-count-mismatch',
    severity: 'warning',
    title: 'Space count disagrees with the rooms',
    explanation: "The building's space count differs from the rooms its floors hold.",
    fields: ['spaceCount'],
    deep: true,
  },
  {
    id: 'floor-area-sum-mismatch',
    severity: 'warning',
    title: "Floor areas do not add up to the building's",
    explanation:
      "The floors' areas add up to more or less than the building's area, beyond the tolerance.",
    fields: ['area'],
    deep: true,
  },
  {
    id: 'floor-without-rooms',
    severity: 'info',
    title: 'Floor without rooms',
    explanation: 'A floor has no rooms; check whether they are missing.',
    fields: [],
    deep: true,
  },
  {
    id: 'room-name-duplicate',
    severity: 'info',
    title: 'Rooms of the same name on a floor',
    explanation: 'Several rooms on one floor share a name; people may mix them up.',
    fields: [],
    deep: true,
  },
  {
    id: 'site-without-buildings',
    severity: 'info',
    title: 'Site without buildings',
    explanation: 'The site has no buildings this account can see.',
    fields: [],
    deep: false,
  },
] as const satisfies readonly Rule[];

export type RuleId = (typeof rules)[number]['id'];
export const ruleById: ReadonlyMap<string, Rule> = new Map(rules.map((rule) => [rule.id, rule]));

/**
 * What a finding costs a building's score, by severity. A rule costs once however often it is
 * found (60 rooms sharing names on 60 floors are one note, not 60): a building with only notes
 * stays at 90 or above, one with an error is at most 75.
 */
export const scoreWeights: Readonly<Record<Severity, number>> = { error: 25, warning: 10, info: 2 };

/** The formula in words, as the quality page shows it. */
export const scoreFormula =
  `Each building starts at 100 and loses ${scoreWeights.error} points for each rule it breaks ` +
  `with an error, ${scoreWeights.warning} for each warning and ${scoreWeights.info} for each note; ` +
  'a rule counts once however often it is found, and no score goes below 0. ' +
  "A group's score (the portfolio, an organization, a site) is the mean of its buildings' scores.";

export interface Finding {
  ruleId: RuleId;
  severity: Severity;
  /** Absent for site findings. */
  buildingId?: string;
  /** Null for a building the platform placed on no site. */
  siteId: string | null;
  /** What exactly, in a few words ("Level 3", "212 m² a floor"). */
  detail?: string;
  /** The floor a finding is about (its position in the building), for the floor's page. */
  levelPosition?: number;
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

/** A building's record as the index keeps it: null where the platform gave nothing usable. */
export interface BuildingFacts {
  id: string;
  name: string | null;
  referenceId: string | null;
  siteId: string | null;
  area: number | null;
  floorCount: number | null;
  spaceCount: number | null;
  deviceCount: number | null;
  measurementCount: number | null;
  countsIncluded: boolean | null;
}

/** One floor of a building's drill-down, summed up by the index. */
export interface LevelFacts {
  position: number;
  name: string | null;
  /** Its area where the platform gives one. */
  area: number | null;
  rooms: number;
  /** Two or more of its rooms share a name (names compared trimmed, without case). */
  sameNameRooms: boolean;
}

/** What the sync read below a building's record. */
export interface BuildingDrillDown {
  /** Its levels in order; absent when they could not be read. */
  levels?: readonly LevelFacts[] | undefined;
  /**
   * Its floors as the platform's floor list gives them, where that list was read apart from the
   * levels (a spec-only platform): how many, and their areas summed (null when some floor
   * gives none).
   */
  listedFloors?: { count: number; area: number | null } | undefined;
}

export interface SiteFacts {
  id: string;
  name: string | null;
}

const blank = (text: string | null | undefined) => !text || text.trim() === '';
const nameKey = (name: string | null | undefined) => (name ?? '').trim().toLocaleLowerCase();
// The findings' words are stored once and read in the UI and the CSV: "57,411.4", not "57411.4".
const areaFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const round = (value: number) => areaFormat.format(Math.round(value * 10) / 10);

export interface QualityInput {
  buildings: readonly BuildingFacts[];
  sites?: readonly SiteFacts[] | undefined;
  /** By building id; a building without one is checked on its record only. */
  drillDowns?: ReadonlyMap<string, BuildingDrillDown> | undefined;
  bounds?: QualityBounds | undefined;
}

/** Every rule over the whole portfolio: its findings, buildings' in listing order, then sites'. */
export function checkPortfolio({
  buildings,
  sites = [],
  drillDowns,
  bounds = defaultBounds,
}: QualityInput): Finding[] {
  const findings: Finding[] = [];
  const inSite = new Map<string, number>();
  const inPortfolio = new Map<string, Set<string | null>>();
  for (const building of buildings) {
    if (blank(building.name)) continue;
    const siteKey = `${building.siteId ?? ''}\u0000${nameKey(building.name)}`;
    inSite.set(siteKey, (inSite.get(siteKey) ?? 0) + 1);
    const name = nameKey(building.name);
    inPortfolio.set(name, (inPortfolio.get(name) ?? new Set()).add(building.siteId));
  }
  for (const building of buildings) {
    const add = (ruleId: RuleId, detail?: string, levelPosition?: number) =>
      findings.push({
        ruleId,
        severity: ruleById.get(ruleId)!.severity,
        buildingId: building.id,
        siteId: building.siteId,
        ...(detail ? { detail } : {}),
        ...(levelPosition === undefined ? {} : { levelPosition }),
      });
    if (blank(building.name)) add('name-missing');
    else {
      const name = nameKey(building.name);
      if ((inSite.get(`${building.siteId ?? ''}\u0000${name}`) ?? 0) > 1)
        add('name-duplicate-in-site');
      else if ((inPortfolio.get(name)?.size ?? 0) > 1) add('name-duplicate-in-portfolio');
    }
    if (blank(building.referenceId)) add('reference-missing');
    const area = building.area;
    if (area === null || !(area > 0)) add('area-missing');
    else {
      if (building.floorCount !== null && building.floorCount > 0) {
        const perFloor = area / building.floorCount;
        if (perFloor < bounds.floorArea[0] || perFloor > bounds.floorArea[1])
          add('area-per-floor-implausible', `${round(perFloor)} m² a floor`);
      }
      if (building.spaceCount !== null && building.spaceCount > 0) {
        const perSpace = area / building.spaceCount;
        if (perSpace < bounds.spaceArea[0] || perSpace > bounds.spaceArea[1])
          add('area-per-space-implausible', `${round(perSpace)} m² a space`);
      }
    }
    if (!building.countsIncluded) add('counts-not-included');
    else if (
      ((building.deviceCount ?? 0) > 0 || (building.measurementCount ?? 0) > 0) &&
      (building.floorCount === 0 || building.spaceCount === 0)
    )
      add('devices-without-structure', `${building.deviceCount} devices`);

    const drillDown = drillDowns?.get(building.id);
    if (!drillDown) continue;
    const { levels, listedFloors } = drillDown;
    const listed = listedFloors?.count;
    const drilled = levels?.length;
    // A count the record does not give cannot disagree with anything.
    if (
      building.floorCount !== null &&
      ((listed !== undefined && listed !== building.floorCount) ||
        (drilled !== undefined && drilled !== building.floorCount))
    )
      add(
        'floor-count-mismatch',
        [
          `record ${building.floorCount}`,
          listed !== undefined ? `list ${listed}` : '',
          drilled !== undefined ? `drill-down ${drilled}` : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
    if (levels) {
      const rooms = levels.reduce((sum, level) => sum + level.rooms, 0);
      if (building.spaceCount !== null && rooms !== building.spaceCount)
        add('space-count-mismatch', `record ${building.spaceCount}, rooms ${rooms}`);
      for (const level of levels) {
        if (level.rooms === 0) add('floor-without-rooms', displayName(level.name), level.position);
        if (level.sameNameRooms)
          add('room-name-duplicate', displayName(level.name), level.position);
      }
    }
    // The floors' areas: the floor list's where it was read, else the levels' when all have one.
    const floorAreas =
      listedFloors && listedFloors.count > 0
        ? (listedFloors.area ?? undefined)
        : levels && levels.length > 0 && levels.every((level) => level.area !== null)
          ? levels.reduce((sum, level) => sum + level.area!, 0)
          : undefined;
    if (
      floorAreas !== undefined &&
      area !== null &&
      area > 0 &&
      Math.abs(floorAreas - area) > area * bounds.floorSumTolerance
    )
      add(
        'floor-area-sum-mismatch',
        `floors ${areaFormat.format(Math.round(floorAreas))} m², building ${areaFormat.format(Math.round(area))} m²`,
      );
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

/** 0–100 by `scoreWeights`: each rule a building breaks costs once, by its severity. */
export function buildingScore(
  findings: ReadonlyArray<Pick<Finding, 'ruleId' | 'severity'>>,
): number {
  const broken = new Map<string, Severity>();
  for (const finding of findings) broken.set(finding.ruleId, finding.severity);
  let cost = 0;
  for (const severity of broken.values()) cost += scoreWeights[severity];
  return Math.max(0, 100 - cost);
}

/** Each building's score from the portfolio's findings (100 for a building with none). */
export function scoresByBuilding(
  buildings: ReadonlyArray<{ id: string }>,
  findings: readonly Finding[],
): Map<string, number> {
  const byBuilding = new Map<string, Finding[]>();
  for (const finding of findings)
    if (finding.buildingId) {
      const list = byBuilding.get(finding.buildingId) ?? [];
      list.push(finding);
      byBuilding.set(finding.buildingId, list);
    }
  return new Map(
    buildings.map((building) => [building.id, buildingScore(byBuilding.get(building.id) ?? [])]),
  );
}
