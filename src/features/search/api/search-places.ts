import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capabilities } from '@/api/get-capabilities';
import { fetchGraphql, graphql, type ResultOf } from '@/lib/graphql';

/** Floors and rooms by part of their name, across the portfolio, each with its building (and level). */
export const searchPlacesQuery = graphql(`
  query SearchPlaces($q: String!, $take: Int!) {
    levels(where: { name: { contains: $q } }, take: $take) {
      id
      name
      buildingId
    }
    rooms(where: { name: { contains: $q } }, take: $take) {
      id
      name
      buildingId
      levelId
      level {
        id
        name
      }
    }
  }
`);

/** The same without Room.level, for a platform that has root search but no navigation field. */
export const searchPlacesWithoutLevelsQuery = graphql(`
  query SearchPlacesWithoutLevels($q: String!, $take: Int!) {
    levels(where: { name: { contains: $q } }, take: $take) {
      id
      name
      buildingId
    }
    rooms(where: { name: { contains: $q } }, take: $take) {
      id
      name
      buildingId
      levelId
    }
  }
`);

export type FoundLevel = ResultOf<typeof searchPlacesQuery>['levels'][number];
export type FoundRoom = ResultOf<typeof searchPlacesWithoutLevelsQuery>['rooms'][number] & {
  level?: { id: string; name: string | null } | null;
};

export const platformSearchAvailable = (capabilities: Capabilities | undefined): boolean =>
  Boolean(capabilities?.graphql.levelSearch && capabilities.graphql.roomSearch);

export const placeSearchKeys = {
  all: ['place-search'] as const,
  of: (q: string, take: number, withLevels: boolean) =>
    [...placeSearchKeys.all, { q, take, withLevels }] as const,
};

/** Floors and rooms from the platform's own search; the document is chosen by what it offers. */
export const placeSearchQueryOptions = (q: string, take: number, withLevels: boolean) =>
  queryOptions({
    queryKey: placeSearchKeys.of(q, take, withLevels),
    queryFn: async ({ signal }) => {
      const answer = withLevels
        ? await fetchGraphql(searchPlacesQuery, { q, take }, signal)
        : await fetchGraphql(searchPlacesWithoutLevelsQuery, { q, take }, signal);
      return {
        levels: answer.data.levels as readonly FoundLevel[],
        rooms: answer.data.rooms as readonly FoundRoom[],
      };
    },
  });

/**
 * One platform request per settled query: the caller passes the debounced text; a request whose
 * text has changed before it answered is cancelled (its query has no observer left).
 */
export function usePlatformPlaceSearch(
  q: string,
  take: number,
  capabilities: Capabilities | undefined,
) {
  const available = platformSearchAvailable(capabilities);
  const withLevels = Boolean(capabilities?.graphql.roomLevel);
  const active = available && q.trim().length >= 2;
  const result = useQuery({
    ...placeSearchQueryOptions(q.trim(), take, withLevels),
    enabled: active,
  });
  return {
    available,
    active,
    fetching: active && result.isPending,
    error: result.error ?? undefined,
    levels: active ? (result.data?.levels ?? []) : [],
    rooms: active ? (result.data?.rooms ?? []) : [],
  };
}
