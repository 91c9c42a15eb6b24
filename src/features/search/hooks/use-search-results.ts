import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { buildingsQueryOptions } from '@/api/get-buildings';
import { useIndexStatus } from '@/api/get-index-status';
import { sitesQueryOptions } from '@/api/get-sites';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { indexSearchQueryOptions } from '../api/search-index';
import { buildSearchResults } from '../utils/search-results';

/** The most places the index answers at once (the server's bound). */
const indexPageLimit = 200;

/** Typing must pause this long before the index is asked (one request per settled query). */
const indexSearchDebounceMs = 200;

/**
 * Everything that matches `text`: buildings, floors and rooms from the portfolio index (every
 * word of the query, ranked by the server, page by page), sites, organizations and cities from
 * the listings (cached, loaded once search is used). Until the index has served its first sync,
 * buildings come from the listings and floors and rooms wait for it (decision 0024: every Storey
 * keeps its index, so there is no second way to search them).
 */
export function useSearchResults(text: string, options: { take: number; enabled: boolean }) {
  const indexStatus = useIndexStatus();
  const indexed = Boolean(indexStatus.data?.served);
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: options.enabled });
  const sites = useQuery({ ...sitesQueryOptions(), enabled: options.enabled });
  const settled = useDebouncedValue(options.enabled ? text : '', indexSearchDebounceMs);
  const q = settled.trim();
  const index = useInfiniteQuery({
    ...indexSearchQueryOptions(q, Math.min(options.take, indexPageLimit)),
    enabled: indexed && q.length >= 2,
  });
  const deferred = useDeferredValue(text);
  const hits = useMemo(() => index.data?.pages.flatMap((page) => page.hits) ?? [], [index.data]);
  const results = useMemo(
    () =>
      buildSearchResults(deferred, {
        buildings: buildings.data ?? [],
        sites: sites.data ?? [],
        indexHits: indexed ? hits : undefined,
        indexAsOf: index.data?.pages[0]?.asOf,
      }),
    [deferred, buildings.data, sites.data, indexed, hits, index.data],
  );
  const pending = text.trim().length >= 2 && settled !== text;
  const firstPage = index.data?.pages[0];
  return {
    results,
    /**
     * The results answer an older text than the one shown (the listings' matches lag behind
     * the typing, the index's answer the last settled text): shown so the list does not
     * flicker, but not to be acted on, or Enter would open a place of a query the person has
     * typed past.
     */
    stale:
      deferred !== text ||
      (text.trim().length >= 2 && indexed && (settled !== text || index.isPlaceholderData)),
    /** The index has not served its first sync yet: floors and rooms are not searched. */
    awaitingIndex: indexStatus.isSuccess && !indexed,
    /** How old the index is that answered, when it did. */
    asOf: indexed ? firstPage?.asOf : undefined,
    /** Buildings, floors and rooms matching, all of them (not only those loaded). */
    placeTotal: indexed ? firstPage?.total : undefined,
    placeTotalIsLowerBound: Boolean(firstPage?.more),
    loadMore: index.hasNextPage ? () => void index.fetchNextPage() : undefined,
    loadingMore: index.isFetchingNextPage,
    loading:
      buildings.isPending ||
      (indexed && ((index.isFetching && !index.isFetchingNextPage) || pending)),
    /** Floors and rooms could not be searched (the index, or its state, did not answer). */
    placesError: (indexed ? index.error : indexStatus.error) ?? undefined,
    listingsError: buildings.error ?? sites.error ?? undefined,
  };
}
