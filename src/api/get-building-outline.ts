import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCapabilities, type Capabilities } from '@/api/get-capabilities';
import { fetchGraphql, graphql } from '@/lib/graphql';
import {
  readBuildingOutlines,
  type BuildingOutline,
  type LevelOutline,
  type RoomOutline,
} from '@/shared/platform/outline';
import { displayName } from '@/lib/format';

/** The spec's drill-down shape, by name (the only filter it shows), always through variables. */
export const buildingOutlineQuery = graphql(`
  query BuildingOutline($name: String!) {
    buildings(where: { name: { eq: $name } }) {
      id
      name
      levels {
        name
        rooms {
          name
        }
      }
    }
  }
`);

/**
 * The same drill-down where the platform has ids on levels and rooms and filters buildings by id
 * (capabilities): it can start before the portfolio listing has told the building's name, and
 * links to levels and rooms can use ids, which survive a reordering.
 */
export const buildingOutlineByIdQuery = graphql(`
  query BuildingOutlineById($id: ID!) {
    buildings(where: { id: { eq: $id } }) {
      id
      name
      levels {
        id
        name
        rooms {
          id
          name
        }
      }
    }
  }
`);

export type { BuildingOutline, LevelOutline, RoomOutline };

export interface OutlineAnswer {
  /** The building with this id among those answered; undefined when absent. */
  outline: BuildingOutline | undefined;
  /** Messages of a partial answer: data is shown, with a warning. */
  partialErrors: string[];
}

/** Levels and rooms carry ids and buildings are filtered by id: links use ids, and no name is needed. */
export const outlineById = (capabilities: Capabilities | undefined): boolean =>
  Boolean(
    capabilities?.graphql.buildingIdFilter &&
    capabilities.graphql.levelIds &&
    capabilities.graphql.roomIds,
  );

export const outlineKeys = {
  all: ['building-outline'] as const,
  byId: (id: string) => [...outlineKeys.all, 'by-id', id] as const,
  byName: (id: string, name: string) => [...outlineKeys.all, 'by-name', id, name] as const,
};

/**
 * The building's levels and rooms, the one way this platform allows: by id where it can (no need
 * to wait for the listing), by name otherwise (names are not unique: the answer whose id matches
 * is kept). Route loaders and screens share it, so a click starts the request the page reads.
 */
export function outlineQueryOptions(
  building: { id: string; name?: string | null | undefined },
  capabilities: Capabilities | undefined,
) {
  const byId = outlineById(capabilities);
  const name = building.name ?? '';
  return queryOptions({
    queryKey: byId ? outlineKeys.byId(building.id) : outlineKeys.byName(building.id, name),
    queryFn: async (): Promise<OutlineAnswer> => {
      const answer = byId
        ? await fetchGraphql(buildingOutlineByIdQuery, { id: building.id })
        : await fetchGraphql(buildingOutlineQuery, { name });
      // Read leniently (shared/platform/outline.ts): a level or room that is not one is left
      // out, a name that is not text is unknown.
      return {
        outline: readBuildingOutlines(answer.data).find(
          (candidate) => candidate.id === building.id,
        ),
        partialErrors: answer.partialErrors,
      };
    },
    // A drill-down of names rarely changes within a visit; every level and room page reads it.
    staleTime: 5 * 60_000,
  });
}

export interface BuildingOutlineState {
  fetching: boolean;
  /** The failure when there is nothing to show. */
  error: Error | undefined;
  /** Messages of a partial answer: data is shown, with a warning. */
  partialErrors: string[];
  /** The building with this id among those answered; undefined when absent. */
  outline: BuildingOutline | undefined;
  /** True when levels and rooms carry ids (links use them). */
  byId: boolean;
  retry: () => void;
}

/** The outline of `building` for a screen: waits for the capabilities, then for its name if needed. */
export function useBuildingOutline(
  building: { id: string; name?: string | null | undefined } | undefined,
): BuildingOutlineState {
  const capabilities = useCapabilities();
  const decided = capabilities.isSuccess || capabilities.isError;
  const byId = outlineById(capabilities.data);
  const enabled = building !== undefined && decided && (byId || Boolean(building.name));
  const query = useQuery({
    ...outlineQueryOptions(building ?? { id: '' }, capabilities.data),
    enabled,
  });
  return {
    fetching: !decided || (enabled && query.isPending),
    error: query.error ?? undefined,
    partialErrors: query.data?.partialErrors ?? [],
    outline: query.data?.outline,
    byId,
    retry: () => void query.refetch(),
  };
}

/** A room of an outline, with the keys its link uses (ids, or positions on a platform without). */
export interface OutlineRoom {
  buildingId: string;
  levelKey: string;
  levelName: string;
  roomKey: string;
  roomName: string;
}

export const roomsOfOutline = (outline: BuildingOutline): OutlineRoom[] =>
  (outline.levels ?? []).flatMap((level, levelIndex) =>
    (level.rooms ?? []).map((room, roomIndex) => ({
      buildingId: outline.id,
      levelKey: level.id ?? String(levelIndex),
      levelName: displayName(level.name),
      roomKey: room.id ?? String(roomIndex),
      roomName: displayName(room.name),
    })),
  );
