import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/api/fetch-all-pages';
import { floorSchema, type Floor } from '@/api/platform-schemas';

export const floorKeys = {
  all: ['floors'] as const,
  ofBuilding: (buildingId: string) => [...floorKeys.all, buildingId] as const,
};

export const fetchFloors = (buildingId: string, signal?: AbortSignal): Promise<Floor[]> =>
  fetchAllPages(
    (take, skip) =>
      `/api/Buildings/${encodeURIComponent(buildingId)}/Floors?take=${take}&skip=${skip}`,
    floorSchema,
    signal,
  ).then((listing) => listing.records);

export const floorsQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: floorKeys.ofBuilding(buildingId),
    queryFn: () => fetchFloors(buildingId),
  });

export const useFloors = (buildingId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...floorsQueryOptions(buildingId), enabled: options.enabled ?? true });
