import { useQuery as useListing, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import {
  outlineById,
  outlineIn,
  outlineRequest,
  roomsOfOutline,
  type OutlineRoom,
} from '@/api/get-building-outline';
import { buildingsQueryOptions } from '@/api/get-buildings';
import { useCapabilities } from '@/api/get-capabilities';
import { graphqlAnswers } from '@/api/graphql-client';
import { readGraphqlResult, useClient } from '@/lib/urql';

const never = () => () => undefined;
const none = () => 0;

/**
 * The rooms of the building outlines already in the GraphQL client's cache (the buildings opened
 * in this session), read from the cache itself with the documents the drill-down sends: where
 * neither the index nor the platform can search rooms, search can still find these, and says
 * that it is only these. Read again when an answer reaches the cache, not at each keystroke.
 */
export function useOpenedBuildingRooms(enabled: boolean): OutlineRoom[] {
  const client = useClient();
  const queryClient = useQueryClient();
  const answers = useMemo(() => graphqlAnswers(queryClient), [queryClient]);
  const version = useSyncExternalStore(
    enabled ? answers.subscribe : never,
    enabled ? answers.count : none,
  );
  const buildings = useListing({ ...buildingsQueryOptions(), enabled });
  const capabilities = useCapabilities();
  const byId = outlineById(capabilities.data);
  return useMemo(() => {
    if (!enabled) return [];
    void version; // an answer reached the cache: read the outlines again
    const asked = new Set<string>();
    return (buildings.data ?? []).flatMap((building) => {
      if (!byId && !building.name) return [];
      const request = outlineRequest(building, byId);
      const key = JSON.stringify(request.variables);
      if (asked.has(key)) return []; // same-named buildings share the by-name answer
      asked.add(key);
      const cached = client.readQuery(request.query, request.variables);
      const answer = cached ? readGraphqlResult(cached) : undefined;
      if (answer?.data === undefined) return [];
      // By name, the answer may hold every building of that name: each opened one counts.
      return byId
        ? [outlineIn(answer.data, building.id)].flatMap((outline) =>
            outline ? roomsOfOutline(outline) : [],
          )
        : (buildings.data ?? [])
            .filter((other) => other.name === building.name)
            .flatMap((other) => {
              const outline = outlineIn(answer.data, other.id);
              return outline ? roomsOfOutline(outline) : [];
            });
    });
  }, [enabled, version, buildings.data, byId, client]);
}
