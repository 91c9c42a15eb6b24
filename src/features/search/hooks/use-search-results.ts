import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { buildingsQueryOptions } from '@/api/get-buildings';
import { useCapabilities } from '@/api/get-capabilities';
import { useIndexStatus } from '@/api/get-index-status';
import { sitesQueryOptions } from '@/api/get-sites';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { indexSearchQueryOptions } from '../api/search-index';
import { usePlatformPlaceSearch } from '../api/search-places';
import { useOpenedBuildingRooms } from './use-opened-outlines';
import { buildSearchResults } from '../utils/search-results';

/** The most places the index answers at once (the server's bound). */
const indexPageLimit = 200;

/** Typing must pause this long before the platform is asked (one request per settled query). */
export const platformSearchDebounceMs = 200;

/**
 * Everything that matches `text`: buildings, floors and rooms from the portfolio index (every
 * word of the query, ranked by the server, page by page), sites, organizations and cities from
 * the listings (cached, loaded once search is used). Where the server keeps no index, floors and
 * rooms come from the platform's own search, or from the buildings opened this session.
 */
export function useSearchResults(text: string, options: { take: number; enabled: boolean }) {
  const indexStatus = useIndexStatus();
  const indexed = Boolean(indexStatus.data?.served);
  const capabilities = useCapabilities();
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: options.enabled });
  const sites = useQuery({ ...sitesQueryOptions(), enabled: options.enabled });
  const settled = useDebouncedValue(options.enabled ? text : '', platformSearchDebounceMs);
  const q = settled.trim();
  const index = useInfiniteQuery({
    ...indexSearchQueryOptions(q, Math.min(options.take, indexPageLimit)),
    enabled: indexed && q.length >= 2,
  });
  const platform = usePlatformPlaceSearch(
    indexed || indexStatus.isPending ? '' : settled,
    options.take,
    capabilities.data,
  );
  const opened = useOpenedBuildingRooms(
    options.enabled && !indexed && !indexStatus.isPending && !platform.available,
  );
  const deferred = useDeferredValue(text);
  const hits = useMemo(() => index.data?.pages.flatMap((page) => page.hits) ?? [], [index.data]);
  const results = useMemo(
    () =>
      buildSearchResults(deferred, {
        buildings: buildings.data ?? [],
        sites: sites.data ?? [],
        indexHits: indexed ? hits : undefined,
        indexAsOf: index.data?.pages[0]?.asOf,
        levels: platform.levels,
        rooms: platform.rooms,
        remembered: opened,
      }),
    [
      deferred,
      buildings.data,
      sites.data,
      indexed,
      hits,
      index.data,
      platform.levels,
      platform.rooms,
      opened,
    ],
  );
  const pending = text.trim().length >= 2 && settled !== text;
  const firstPage = index.data?.pages[0];
  return {
    results,
    /**
     * The results answer an older text than the one shown (the listings' matches lag behind
     * the typing, the index's and the platform's answer the last settled text): shown so the
     * list does not flicker, but not to be acted on, or Enter would open a place of a query
     * the person has typed past.
     */
    stale:
      deferred !== text ||
      (text.trim().length >= 2 &&
        (indexed || platform.available) &&
        (settled !== text || (indexed && index.isPlaceholderData))),
    /** Floors and rooms are searched across the portfolio (false: only opened buildings). */
    platformSearch: indexed || platform.available,
    /** How old the index is that answered, when it did. */
    asOf: indexed ? firstPage?.asOf : undefined,
    /** Buildings, floors and rooms matching, all of them (not only those loaded). */
    placeTotal: indexed ? firstPage?.total : undefined,
    placeTotalIsLowerBound: Boolean(firstPage?.more),
    loadMore: index.hasNextPage ? () => void index.fetchNextPage() : undefined,
    loadingMore: index.isFetchingNextPage,
    loading:
      buildings.isPending ||
      (indexed ? index.isFetching && !index.isFetchingNextPage : platform.fetching) ||
      ((indexed || platform.available) && pending),
    /** The search of floors and rooms failed: listings still answer. */
    platformError: indexed ? (index.error ?? undefined) : platform.error,
    listingsError: buildings.error ?? sites.error ?? undefined,
    /** Platform results were cut at `take` per kind (the index pages instead). */
    truncated:
      !indexed && (platform.levels.length >= options.take || platform.rooms.length >= options.take),
  };
}
