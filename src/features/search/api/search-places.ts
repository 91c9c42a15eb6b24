import { useQuery } from 'urql';
import type { Capabilities } from '@/api/get-capabilities';
import { graphql, type ResultOf } from '@/lib/graphql';

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

/**
 * One platform request per settled query: the caller passes the debounced text; urql cancels a
 * request whose variables have changed before it answered.
 */
export function usePlatformPlaceSearch(
  q: string,
  take: number,
  capabilities: Capabilities | undefined,
) {
  const available = platformSearchAvailable(capabilities);
  const withLevels = Boolean(capabilities?.graphql.roomLevel);
  const active = available && q.trim().length >= 2;
  const [withLevelsResult] = useQuery({
    query: searchPlacesQuery,
    variables: { q: q.trim(), take },
    pause: !active || !withLevels,
  });
  const [withoutLevelsResult] = useQuery({
    query: searchPlacesWithoutLevelsQuery,
    variables: { q: q.trim(), take },
    pause: !active || withLevels,
  });
  const result = withLevels ? withLevelsResult : withoutLevelsResult;
  return {
    available,
    active,
    fetching: active && (result.fetching || (!result.data && !result.error)),
    error: result.error,
    levels: (active ? (result.data?.levels ?? []) : []) as readonly FoundLevel[],
    rooms: (active ? (result.data?.rooms ?? []) : []) as readonly FoundRoom[],
  };
}
