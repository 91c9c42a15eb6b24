import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capabilities } from '@/api/get-capabilities';
import { fetchGraphql, graphql } from '@/lib/graphql';
import { z } from '@/lib/zod';
import { optionalText } from '@/shared/platform/fields';
import { levelNode, readRecord, readRecords, roomNode } from '@/shared/platform/records';

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

/** What the search reads of a found level and room (their nodes read by shared/platform/records). */
export interface FoundLevel {
  id: string;
  name: string | null;
  buildingId: string;
}
export interface FoundRoom extends FoundLevel {
  levelId: string | null;
  level?: { id: string; name: string | null } | null;
}

/** A found room's level (Room.level), where the platform gave one with a usable id. */
function readLevelOf(node: unknown): FoundRoom['level'] {
  const level = (node as { level?: unknown } | null)?.level;
  const read = readRecord(level, levelReference);
  return typeof read === 'string' ? null : read;
}
const levelReference = z.object({ id: z.string(), name: optionalText });

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
      // Node by node (shared/platform/records.ts): one without a usable id is left out.
      const rooms = new Map(
        ((answer.data.rooms ?? []) as unknown[]).map((node) => [node, readRecord(node, roomNode)]),
      );
      return {
        levels: readRecords(answer.data.levels ?? [], levelNode).records as readonly FoundLevel[],
        rooms: [...rooms].flatMap(([node, room]) =>
          typeof room === 'string'
            ? []
            : [{ ...room, level: readLevelOf(node) } satisfies FoundRoom],
        ),
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
