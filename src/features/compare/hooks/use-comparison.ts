import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBuildings } from '@/api/get-buildings';
import { buildingEnergyQueryOptions, energyIntensitiesQueryOptions } from '@/api/get-energy';
import { floorsQueryOptions } from '@/api/get-floors';
import { qualityScoresQueryOptions } from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import { indexedFigures } from '../utils/compare-model';
import { compareBuildings, pickedIds, type PortfolioQuality } from '../utils/comparison';

// Stable, so useQueries hands back the same array until an answer changes.
const dataOfEach = <T>(results: ReadonlyArray<{ data: T | undefined }>) =>
  results.map((result) => result.data);

/**
 * The comparison screen's model: the listing, the index's scores and energy figures, each picked
 * building's own energy answer and floors, and the comparison worked out from them once per
 * change (the derivation is ../utils/comparison.ts, tested alone).
 */
export function useComparison(ids: readonly string[]) {
  const buildings = useBuildings();
  const sites = useSites();
  // Scores and the values in doubt come from the data quality the server worked out.
  const quality = useQuery({
    ...qualityScoresQueryOptions(),
    select: (answer): PortfolioQuality => ({
      byBuilding: new Map(answer.buildings.map((row) => [row.buildingId, row])),
      rules: new Map(answer.rules.map((rule) => [rule.id, rule])),
    }),
  });
  // Energy use intensity as the index ranks it, and why a compared building has none.
  const intensities = useQuery({
    ...energyIntensitiesQueryOptions(),
    select: (answer) => new Map(answer.buildings.map((row) => [row.id, row.intensity])),
  });
  const picked = useMemo(
    () => (buildings.data ? pickedIds(buildings.data, ids) : []),
    [buildings.data, ids],
  );
  const energyOfPicked = useQueries({
    queries: picked.map((id) => buildingEnergyQueryOptions(id)),
    combine: dataOfEach,
  });
  const indexed = useMemo(
    () =>
      indexedFigures(
        { data: intensities.data, isPending: intensities.isPending },
        new Map(picked.map((id, index) => [id, energyOfPicked[index]])),
      ),
    [intensities.data, intensities.isPending, picked, energyOfPicked],
  );
  const comparison = useMemo(
    () =>
      buildings.data
        ? compareBuildings(buildings.data, sites.data ?? [], ids, quality.data, indexed)
        : undefined,
    [buildings.data, sites.data, ids, quality.data, indexed],
  );
  const floors = useQueries({
    queries: (comparison?.compared ?? []).map(({ building }) => floorsQueryOptions(building.id)),
  });
  return { buildings, sites, quality, intensities, comparison, floors };
}
