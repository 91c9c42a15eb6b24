import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadList } from '@/shared/platform/records';
import { fetchAllPages } from './fetch-all-pages';
import { buildingSchema, type Building } from './platform-schemas';

export const buildingKeys = {
  all: ['buildings'] as const,
  list: () => [...buildingKeys.all, 'list', { includeCounts: true }] as const,
};

/** Every building the account sees, with device and measurement counts where the platform has them. */
export const fetchAllBuildings = (signal?: AbortSignal): Promise<ReadList<Building>> =>
  fetchAllPages(
    (take, skip) => `/api/Buildings?includeCounts=true&take=${take}&skip=${skip}`,
    buildingSchema,
    signal,
  );

/** The buildings as read, with those that could not be read counted (`skipped`). */
export const buildingListingQueryOptions = () =>
  queryOptions({
    queryKey: buildingKeys.list(),
    queryFn: () => fetchAllBuildings(),
  });

/** Every building that could be read. */
export const buildingsQueryOptions = () =>
  queryOptions({ ...buildingListingQueryOptions(), select: (listing) => listing.records });

export const useBuildings = () => useQuery(buildingsQueryOptions());
