import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  buildingListingQueryOptions,
  buildingsQueryOptions,
  indexedBuildingQueryOptions,
} from '@/api/get-buildings';
import { sitesQueryOptions } from '@/api/get-sites';
import { siteLabel } from '@/lib/format';

/**
 * The building's REST record, its site's label and time zone: from the portfolio's listing where
 * it is at hand (a click from the portfolio), else from the index's one building (a shared link:
 * at 10,000 buildings the listing is ten pages, issue #55 item 6), and from the listing after all
 * where the index cannot answer (not yet synced, or it does not know the building).
 */
export function useBuildingRecord(buildingId: string) {
  const queryClient = useQueryClient();
  const [listed] = useState(
    () => queryClient.getQueryData(buildingListingQueryOptions().queryKey) !== undefined,
  );
  const indexed = useQuery({ ...indexedBuildingQueryOptions(buildingId), enabled: !listed });
  const fromListing = listed || indexed.isError;
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: fromListing });
  const sites = useQuery({ ...sitesQueryOptions(), enabled: fromListing });
  const listedBuilding = useMemo(
    () => buildings.data?.find((candidate) => candidate.id === buildingId),
    [buildings.data, buildingId],
  );
  const listedSite = useMemo(
    () => sites.data?.find((candidate) => candidate.id === listedBuilding?.siteId),
    [sites.data, listedBuilding?.siteId],
  );
  if (!fromListing) {
    const building = indexed.data?.record;
    const site = indexed.data?.site;
    return {
      /** The query the record comes from: whether it is still loading or could not be read. */
      listing: indexed,
      building,
      siteLabel: building ? siteLabel(building.siteId, site?.name) : '',
      siteTimeZone: site?.timezone ?? undefined,
    };
  }
  return {
    listing: buildings,
    building: listedBuilding,
    siteLabel: listedBuilding ? siteLabel(listedBuilding.siteId, listedSite?.name) : '',
    siteTimeZone: listedSite?.timezone ?? undefined,
  };
}
