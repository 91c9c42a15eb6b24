import type { Building, Site } from '@/api/platform-schemas';
import { displayName, siteLabel } from '@/lib/format';
import { sumByGroup, type GroupSums } from '@/domain/group-sums';
import { fold } from '@/lib/text-match';

export interface PortfolioTotals {
  buildings: number;
  floors: number;
  spaces: number;
  area: number;
  /** Device and measurement sums cover only the buildings whose counts the platform included. */
  devices: number;
  measurements: number;
  buildingsWithCounts: number;
}

export function portfolioTotals(buildings: readonly Building[]): PortfolioTotals {
  const totals: PortfolioTotals = {
    buildings: buildings.length,
    floors: 0,
    spaces: 0,
    area: 0,
    devices: 0,
    measurements: 0,
    buildingsWithCounts: 0,
  };
  for (const building of buildings) {
    totals.floors += building.floorCount;
    totals.spaces += building.spaceCount;
    totals.area += building.area;
    if (building.includesDeviceAndMeasurementCounts) {
      totals.devices += building.deviceCount;
      totals.measurements += building.measurementCount;
      totals.buildingsWithCounts += 1;
    }
  }
  return totals;
}

/** A short label that still tells apart two buildings of the same name. */
export function buildingLabel(building: Building, all: readonly Building[]): string {
  const name = displayName(building.name);
  const twins = all.filter((other) => other.name === building.name).length;
  return twins > 1 && building.referenceId ? `${name} (${building.referenceId})` : name;
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
      (!filter.organizationId || building.organizationId === filter.organizationId) &&
      (!filter.siteId || building.siteId === filter.siteId) &&
      (!needle ||
        fold(building.name ?? '').includes(needle) ||
        fold(building.referenceId ?? '').includes(needle)),
  );
}
