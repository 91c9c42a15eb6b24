import type { TadaDocumentNode } from 'gql.tada';
import { useMemo } from 'react';
import { useCapabilities, type Capabilities } from '@/api/get-capabilities';
import { graphql } from '@/lib/graphql';
import { readGraphqlResult, useQuery } from '@/lib/urql';
import { graphqlClientOf } from './graphql-client';
import type { QueryClient } from '@tanstack/react-query';
import {
  readBuildingOutlines,
  type BuildingOutline,
  type LevelOutline,
  type RoomOutline,
} from '@/shared/platform/outline';

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

/** Levels and rooms carry ids and buildings are filtered by id: links use ids, and no name is needed. */
export const outlineById = (capabilities: Capabilities | undefined): boolean =>
  Boolean(
    capabilities?.graphql.buildingIdFilter &&
    capabilities.graphql.levelIds &&
    capabilities.graphql.roomIds,
  );

/** Both documents answer the same shape, read leniently (shared/platform/outline.ts). */
type OutlineDocument = TadaDocumentNode<unknown, { id: string } | { name: string }>;

/**
 * The building's levels and rooms, asked the one way this platform allows: by id where it can (no
 * need to wait for the listing), by name otherwise (names are not unique: the answer whose id
 * matches is kept). Route loaders, screens and the search's fallback send the same document with
 * the same variables, so they share one answer in the GraphQL client's cache.
 */
export function outlineRequest(
  building: { id: string; name?: string | null | undefined },
  byId: boolean,
): { query: OutlineDocument; variables: { id: string } | { name: string } } {
  return byId
    ? { query: buildingOutlineByIdQuery as OutlineDocument, variables: { id: building.id } }
    : { query: buildingOutlineQuery as OutlineDocument, variables: { name: building.name ?? '' } };
}

/**
 * Each answer read once: urql's cache hands every screen the same answer object, and reading a
 * tower's 20,000 rooms leniently costs tens of milliseconds, which each page of a drill-down
 * would otherwise pay again at every click. Derived from the cached answer, kept only as long
 * as it is.
 */
const readAnswers = new WeakMap<object, BuildingOutline[]>();

/** The building with this id in an outline answer. */
export function outlineIn(data: unknown, buildingId: string): BuildingOutline | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let outlines = readAnswers.get(data);
  if (!outlines) {
    outlines = readBuildingOutlines(data);
    readAnswers.set(data, outlines);
  }
  return outlines.find((candidate) => candidate.id === buildingId);
}

/**
 * The outline as a route loader asks for it, at the click, through the dashboard's GraphQL client:
 * the screen then finds the answer in the cache or on its way (one request, not two).
 */
export async function loadOutline(
  queryClient: QueryClient,
  building: { id: string; name?: string | null | undefined },
  capabilities: Capabilities | undefined,
): Promise<BuildingOutline | undefined> {
  const request = outlineRequest(building, outlineById(capabilities));
  const answer = readGraphqlResult(
    await graphqlClientOf(queryClient).query(request.query, request.variables).toPromise(),
  );
  return answer.data === undefined ? undefined : outlineIn(answer.data, building.id);
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
  const request = outlineRequest(building ?? { id: '' }, byId);
  const [result, reexecute] = useQuery({ ...request, pause: !enabled });
  const answer = useMemo(() => readGraphqlResult(result), [result]);
  const buildingId = building?.id ?? '';
  const outline = useMemo(
    () => (answer.data === undefined ? undefined : outlineIn(answer.data, buildingId)),
    [answer.data, buildingId],
  );
  return {
    fetching: !decided || (enabled && result.data === undefined && result.error === undefined),
    error: enabled ? answer.error : undefined,
    partialErrors: enabled ? answer.partialErrors : [],
    outline: enabled ? outline : undefined,
    byId,
    retry: () => reexecute({ requestPolicy: 'network-only' }),
  };
}
