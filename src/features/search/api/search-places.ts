import { useMemo } from 'react';
import type { Capabilities } from '@/api/get-capabilities';
import { graphql } from '@/lib/graphql';
import { readGraphqlResult, useQuery } from '@/lib/urql';
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

/** What the platform's search answered, node by node (one without a usable id is left out). */
function readFound(data: { levels?: unknown; rooms?: unknown }) {
  const rooms = new Map(
    ((data.rooms ?? []) as unknown[]).map((node) => [node, readRecord(node, roomNode)]),
  );
  return {
    levels: readRecords((data.levels ?? []) as unknown[], levelNode)
      .records as readonly FoundLevel[],
    rooms: [...rooms].flatMap(([node, room]) =>
      typeof room === 'string' ? [] : [{ ...room, level: readLevelOf(node) } satisfies FoundRoom],
    ),
  };
}

const nothingFound = { levels: [] as readonly FoundLevel[], rooms: [] as FoundRoom[] };

/**
 * Floors and rooms from the platform's own search, through the dashboard's GraphQL client; the
 * document is chosen by what the platform offers. The caller passes the debounced text: one
 * platform request per settled query, and a request whose text changed before it answered is
 * cancelled (urql tears down the operation nobody reads any more, which aborts its fetch).
 */
export function usePlatformPlaceSearch(
  q: string,
  take: number,
  capabilities: Capabilities | undefined,
) {
  const available = platformSearchAvailable(capabilities);
  const withLevels = Boolean(capabilities?.graphql.roomLevel);
  const text = q.trim();
  const active = available && text.length >= 2;
  const [result] = useQuery({
    query: (withLevels
      ? searchPlacesQuery
      : searchPlacesWithoutLevelsQuery) as typeof searchPlacesWithoutLevelsQuery,
    variables: { q: text, take },
    pause: !active,
  });
  const answer = useMemo(() => readGraphqlResult(result), [result]);
  const found = useMemo(
    () => (answer.data === undefined ? nothingFound : readFound(answer.data)),
    [answer.data],
  );
  return {
    available,
    active,
    fetching: active && result.data === undefined && result.error === undefined,
    error: active ? answer.error : undefined,
    levels: active ? found.levels : [],
    rooms: active ? found.rooms : [],
  };
}
