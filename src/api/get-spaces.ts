import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/api/fetch-all-pages';
import { spaceSchema, type Space } from '@/api/platform-schemas';

export const spaceKeys = {
  all: ['spaces'] as const,
  ofFloor: (floorId: string) => [...spaceKeys.all, floorId] as const,
};

export const fetchSpaces = (floorId: string, signal?: AbortSignal): Promise<Space[]> =>
  fetchAllPages(
    (take, skip) => `/api/Floors/${encodeURIComponent(floorId)}/Spaces?take=${take}&skip=${skip}`,
    spaceSchema,
    signal,
  ).then((listing) => listing.records);

/** One REST call per floor, kept for the session's browsing: moving between its rooms sends nothing. */
export const spacesQueryOptions = (floorId: string) =>
  queryOptions({
    queryKey: spaceKeys.ofFloor(floorId),
    queryFn: () => fetchSpaces(floorId),
    staleTime: 5 * 60_000,
  });

export const useSpaces = (floorId: string | undefined) =>
  useQuery({ ...spacesQueryOptions(floorId ?? ''), enabled: floorId !== undefined });
