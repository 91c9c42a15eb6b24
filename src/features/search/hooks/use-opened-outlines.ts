import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  outlineKeys,
  roomsOfOutline,
  type OutlineAnswer,
  type OutlineRoom,
} from '@/api/get-building-outline';

/**
 * The rooms of the building outlines already in the query cache (the buildings opened in this
 * session), read from the cache itself: where neither the index nor the platform can search rooms,
 * search can still find these, and says that it is only these.
 */
export function useOpenedBuildingRooms(enabled: boolean): OutlineRoom[] {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback(
    (onChange: () => void) =>
      enabled
        ? cache.subscribe((event) => {
            if (event.query.queryKey[0] === outlineKeys.all[0]) onChange();
          })
        : () => undefined,
    [cache, enabled],
  );
  // A count of answered outlines changes exactly when their rooms can have.
  const version = useSyncExternalStore(subscribe, () =>
    enabled
      ? cache
          .findAll({ queryKey: outlineKeys.all })
          .map((query) => query.state.dataUpdatedAt)
          .join(',')
      : '',
  );
  return useMemo(() => {
    if (!version) return [];
    return queryClient
      .getQueriesData<OutlineAnswer>({ queryKey: outlineKeys.all })
      .flatMap(([, answer]) => (answer?.outline ? roomsOfOutline(answer.outline) : []));
  }, [queryClient, version]);
}
