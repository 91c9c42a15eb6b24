import type { Building, Site } from '@/api/platform-schemas';
import { displayName, groupKey, siteLabel } from '@/lib/format';
import { sumByGroup, type GroupSums } from '@/domain/group-sums';
import { fold } from '@/shared/rules/text-match';
import { distinctName, type SameName } from '@/shared/rules/same-names';

export interface PortfolioTotals {
  buildings: number;
  /** Each sum covers the buildings that give the figure (`…Buildings` of them): unknown is not 0. */
  floors: number;
  floorBuildings: number;
  spaces: number;
  spaceBuildings: number;
  area: number;
  areaBuildings: number;
  /** Device and measurement sums cover only the buildings whose counts the platform included. */
  devices: number;
  measurements: number;
  buildingsWithCounts: number;
}

export function portfolioTotals(buildings: readonly Building[]): PortfolioTotals {
  const totals: PortfolioTotals = {
    buildings: buildings.length,
    floors: 0,
    floorBuildings: 0,
    spaces: 0,
    spaceBuildings: 0,
    area: 0,
    areaBuildings: 0,
    devices: 0,
    measurements: 0,
    buildingsWithCounts: 0,
  };
  for (const building of buildings) {
    if (building.floorCount !== null) {
      totals.floors += building.floorCount;
      totals.floorBuildings += 1;
    }
    if (building.spaceCount !== null) {
      totals.spaces += building.spaceCount;
      totals.spaceBuildings += 1;
    }
    if (building.area !== null) {
      totals.area += building.area;
      totals.areaBuildings += 1;
    }
    if (building.includesDeviceAndMeasurementCounts) {
      totals.devices += building.deviceCount ?? 0;
      totals.measurements += building.measurementCount ?? 0;
      totals.buildingsWithCounts += 1;
    }
  }
  return totals;
}

/** A short label that still tells apart two buildings of the same name. */
export function buildingLabel(building: Building, twins: ReadonlyMap<string, SameName>): string {
  return distinctName(displayName(building.name), building.referenceId, twins.get(building.id));
}

export type GroupSummary = GroupSums;

/** Groups sorted by area, largest first (the charts' order). */
export function groupBuildings(
  buildings: readonly Building[],
  keyOf: (building: Building) => string,
  labelOf: (key: string, first: Building | undefined) => string,
): GroupSummary[] {
  return sumByGroup(buildings, keyOf, labelOf).sort(
    (a, b) => b.area - a.area || a.label.localeCompare(b.label),
  );
}

/** Site labels by id, for the sites the listing knows; others are labelled by `siteLabel` too. */
export function siteNames(sites: readonly Site[] | undefined): Map<string, string> {
  return new Map((sites ?? []).map((site) => [site.id, siteLabel(site.id, site.name)]));
}

export interface PortfolioFilter {
  search: string;
  organizationId: string;
  siteId: string;
}

export function filterBuildings(
  buildings: readonly Building[],
  filter: PortfolioFilter,
): Building[] {
  const needle = fold(filter.search.trim());
  return buildings.filter(
    (building) =>
      (!filter.organizationId || groupKey(building.organizationId) === filter.organizationId) &&
      (!filter.siteId || groupKey(building.siteId) === filter.siteId) &&
      (!needle ||
        fold(building.name ?? '').includes(needle) ||
        fold(building.referenceId ?? '').includes(needle)),
  );
}
