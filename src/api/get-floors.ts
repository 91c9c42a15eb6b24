import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchAllPages } from '@/api/fetch-all-pages';
import { floorSchema, type Floor } from '@/api/platform-schemas';
import { recordBuildingDetail } from '@/lib/checked-buildings';

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
  );

export const floorsQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: floorKeys.ofBuilding(buildingId),
    queryFn: ({ signal }) => fetchFloors(buildingId, signal),
  });

export function useFloors(buildingId: string, options: { enabled?: boolean } = {}) {
  const floors = useQuery({ ...floorsQueryOptions(buildingId), enabled: options.enabled ?? true });
  useEffect(() => {
    // The data-quality rules compare the floor list with the record and the drill-down.
    if (floors.data) recordBuildingDetail(buildingId, { floors: floors.data });
  }, [buildingId, floors.data]);
  return floors;
}
