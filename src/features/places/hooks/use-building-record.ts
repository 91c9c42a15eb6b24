import { useMemo } from 'react';
import { useBuildings } from '@/api/get-buildings';
import { useSites } from '@/api/get-sites';
import { siteLabel } from '@/lib/format';

/**
 * The building's REST record (from the cached portfolio listing), its site's label and time zone.
 */
export function useBuildingRecord(buildingId: string) {
  const buildings = useBuildings();
  const sites = useSites();
  const building = useMemo(
    () => buildings.data?.find((candidate) => candidate.id === buildingId),
    [buildings.data, buildingId],
  );
  const site = useMemo(
    () => sites.data?.find((candidate) => candidate.id === building?.siteId),
    [sites.data, building?.siteId],
  );
  return {
    /** The listing's query: whether the record is still loading or could not be read. */
    listing: buildings,
    building,
    siteLabel: building ? siteLabel(building.siteId, site?.name) : '',
    siteTimeZone: site?.timezone ?? undefined,
  };
}
