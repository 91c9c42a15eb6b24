import { useEffect } from 'react';
import { useQuery } from 'urql';
import { useCapabilities } from '@/api/get-capabilities';
import { displayName } from '@/lib/format';
import { graphql, type ResultOf } from '@/lib/graphql';
import { rememberBuildingRooms } from '@/lib/outline-memory';

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

type SpecOutline = ResultOf<typeof buildingOutlineQuery>['buildings'][number];
type IdOutline = ResultOf<typeof buildingOutlineByIdQuery>['buildings'][number];

export interface RoomOutline {
  /** Absent on a platform without room ids: rooms are then known by their position. */
  id?: string;
  name: string | null;
}
export interface LevelOutline {
  id?: string;
  name: string | null;
  rooms: RoomOutline[] | null;
}
export interface BuildingOutline {
  id: string;
  name: string | null;
  levels: LevelOutline[] | null;
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

/**
 * The building's levels and rooms: by id where the platform can (no need to wait for the
 * listing), by name otherwise (names are not unique: the answer whose id matches is kept).
 */
export function useBuildingOutline(
  building: { id: string; name?: string | null | undefined } | undefined,
): BuildingOutlineState {
  const capabilities = useCapabilities();
  const graphqlCapabilities = capabilities.data?.graphql;
  const byId = Boolean(
    graphqlCapabilities?.buildingIdFilter &&
    graphqlCapabilities.levelIds &&
    graphqlCapabilities.roomIds,
  );
  const decided = capabilities.isSuccess || capabilities.isError;
  const name = building?.name ?? '';
  const [byIdResult, reexecuteById] = useQuery({
    query: buildingOutlineByIdQuery,
    variables: { id: building?.id ?? '' },
    pause: !building || !decided || !byId,
  });
  const [byNameResult, reexecuteByName] = useQuery({
    query: buildingOutlineQuery,
    variables: { name },
    pause: !building || !decided || byId || name === '',
  });
  const result = byId ? byIdResult : byNameResult;
  const hasData = result.data !== undefined;
  const answered = result.data?.buildings as ReadonlyArray<SpecOutline | IdOutline> | undefined;
  const outline = answered?.find((candidate) => candidate.id === building?.id) as
    BuildingOutline | undefined;
  useEffect(() => {
    // Search falls back to the rooms of buildings opened this session when the platform has none.
    if (!outline) return;
    rememberBuildingRooms(outline.id, roomsOf(outline));
  }, [outline]);
  return {
    fetching: !decided || result.fetching || (!hasData && !result.error && (byId || name !== '')),
    error: !hasData ? (result.error?.networkError ?? result.error) : undefined,
    partialErrors: hasData ? (result.error?.graphQLErrors.map((error) => error.message) ?? []) : [],
    outline,
    byId,
    retry: () => (byId ? reexecuteById : reexecuteByName)({ requestPolicy: 'network-only' }),
  };
}

function roomsOf(outline: BuildingOutline) {
  return (outline.levels ?? []).flatMap((level, levelIndex) =>
    (level.rooms ?? []).map((room, roomIndex) => ({
      buildingId: outline.id,
      levelKey: level.id ?? String(levelIndex),
      levelName: displayName(level.name),
      roomKey: room.id ?? String(roomIndex),
      roomName: displayName(room.name),
    })),
  );
}
