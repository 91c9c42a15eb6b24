/**
 * The data-quality rules: what is wrong or missing in the portfolio's master data, in words a
 * facility manager can send to whoever maintains it, and the score they add up to. They run here,
 * once, over the whole index after each sync (quality.ts); every screen reads their findings and
 * scores from /api/index/quality, so a building has one score wherever it is shown. Pure: no
 * database, no clock.
 */
import { displayName, siteLabel } from '../../../src/shared/labels.ts';
import { ruleById, scoreWeights, type RuleId, type Severity } from './catalogue.ts';

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

type AddFinding = (ruleId: RuleId, detail?: string, levelPosition?: number) => void;

/** How many buildings carry each name in their site, and in which sites each name is. */
function nameCounts(buildings: readonly BuildingFacts[]) {
  const inSite = new Map<string, number>();
  const inPortfolio = new Map<string, Set<string | null>>();
  for (const building of buildings) {
    if (blank(building.name)) continue;
    const siteKey = `${building.siteId ?? ''}\u0000${nameKey(building.name)}`;
    inSite.set(siteKey, (inSite.get(siteKey) ?? 0) + 1);
    const name = nameKey(building.name);
    inPortfolio.set(name, (inPortfolio.get(name) ?? new Set()).add(building.siteId));
  }
  return {
    sameInSite: (building: BuildingFacts) =>
      (inSite.get(`${building.siteId ?? ''}\u0000${nameKey(building.name)}`) ?? 0) > 1,
    inSeveralSites: (building: BuildingFacts) =>
      (inPortfolio.get(nameKey(building.name))?.size ?? 0) > 1,
  };
}

/** The rules a building's own record answers: name, reference, area, counts. */
function checkRecord(
  building: BuildingFacts,
  names: ReturnType<typeof nameCounts>,
  bounds: QualityBounds,
  add: AddFinding,
): void {
  if (blank(building.name)) add('name-missing');
  else if (names.sameInSite(building)) add('name-duplicate-in-site');
  else if (names.inSeveralSites(building)) add('name-duplicate-in-portfolio');
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
}

/** The floors' areas: the floor list's where it was read, else the levels' when all have one. */
function floorAreasOf({ levels, listedFloors }: BuildingDrillDown): number | undefined {
  if (listedFloors && listedFloors.count > 0) return listedFloors.area ?? undefined;
  if (levels && levels.length > 0 && levels.every((level) => level.area !== null))
    return levels.reduce((sum, level) => sum + level.area!, 0);
  return undefined;
}

/** The rules a building's floors and rooms answer: counts against the record, areas, names. */
function checkDrillDown(
  building: BuildingFacts,
  drillDown: BuildingDrillDown,
  bounds: QualityBounds,
  add: AddFinding,
): void {
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
      if (level.sameNameRooms) add('room-name-duplicate', displayName(level.name), level.position);
    }
  }
  const floorAreas = floorAreasOf(drillDown);
  const area = building.area;
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

/** Every rule over the whole portfolio: its findings, buildings' in listing order, then sites'. */
export function checkPortfolio({
  buildings,
  sites = [],
  drillDowns,
  bounds = defaultBounds,
}: QualityInput): Finding[] {
  const findings: Finding[] = [];
  const names = nameCounts(buildings);
  for (const building of buildings) {
    const add: AddFinding = (ruleId, detail, levelPosition) =>
      findings.push({
        ruleId,
        severity: ruleById.get(ruleId)!.severity,
        buildingId: building.id,
        siteId: building.siteId,
        ...(detail ? { detail } : {}),
        ...(levelPosition === undefined ? {} : { levelPosition }),
      });
    checkRecord(building, names, bounds, add);
    const drillDown = drillDowns?.get(building.id);
    if (drillDown) checkDrillDown(building, drillDown, bounds, add);
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
