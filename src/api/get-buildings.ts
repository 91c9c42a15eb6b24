import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from './fetch-all-pages';
import { buildingSchema, type Building } from './platform-schemas';

export const buildingKeys = {
  all: ['buildings'] as const,
  list: () => [...buildingKeys.all, 'list', { includeCounts: true }] as const,
};

/** Every building the account sees, with device and measurement counts where the platform has them. */
export const fetchAllBuildings = (signal?: AbortSignal): Promise<Building[]> =>
  fetchAllPages(
    (take, skip) => `/api/Buildings?includeCounts=true&take=${take}&skip=${skip}`,
    buildingSchema,
    signal,
  );

export const buildingsQueryOptions = () =>
  queryOptions({
    queryKey: buildingKeys.list(),
    queryFn: () => fetchAllBuildings(),
  });

export const useBuildings = () => useQuery(buildingsQueryOptions());
