import type { Building } from '@/api/platform-schemas';

/** What the portfolio's and the sites' breakdowns add up per group of buildings. */
export interface GroupSums {
  id: string;
  label: string;
  buildings: number;
  /** Summed over the buildings that give one (`areaBuildings` of `buildings`): unknown is not 0. */
  area: number;
  areaBuildings: number;
  floors: number;
  floorBuildings: number;
  spaces: number;
  spaceBuildings: number;
}

export const emptySums = (id: string, label: string): GroupSums => ({
  id,
  label,
  buildings: 0,
  area: 0,
  areaBuildings: 0,
  floors: 0,
  floorBuildings: 0,
  spaces: 0,
  spaceBuildings: 0,
});

/**
 * Sums per group (organization, site, …) of the buildings the account sees, so every breakdown
 * agrees with the portfolio. `seed` groups appear even with no building (a site without any).
 */
export function sumByGroup(
  buildings: readonly Building[],
  keyOf: (building: Building) => string,
  labelOf: (key: string, first: Building | undefined) => string,
  seed: readonly string[] = [],
): GroupSums[] {
  const groups = new Map<string, GroupSums>(
    seed.map((id) => [id, emptySums(id, labelOf(id, undefined))]),
  );
  for (const building of buildings) {
    const id = keyOf(building);
    let group = groups.get(id);
    if (!group) {
      group = emptySums(id, labelOf(id, building));
      groups.set(id, group);
    }
    group.buildings += 1;
    if (building.area !== null) {
      group.area += building.area;
      group.areaBuildings += 1;
    }
    if (building.floorCount !== null) {
      group.floors += building.floorCount;
      group.floorBuildings += 1;
    }
    if (building.spaceCount !== null) {
      group.spaces += building.spaceCount;
      group.spaceBuildings += 1;
    }
  }
  return [...groups.values()];
}
