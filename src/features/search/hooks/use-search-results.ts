import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { buildingsQueryOptions } from '@/api/get-buildings';
import { useCapabilities } from '@/api/get-capabilities';
import { sitesQueryOptions } from '@/api/get-sites';
import { rememberedRooms } from '@/lib/outline-memory';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePlatformPlaceSearch } from '../api/search-places';
import { buildSearchResults } from '../utils/search-results';

/** Typing must pause this long before the platform is asked (one request per settled query). */
export const platformSearchDebounceMs = 200;

/**
 * Everything that matches `text`: sites, organizations, cities and buildings from the listings
 * (cached, loaded once search is used), floors and rooms from the platform's search where it has
 * one, or from the buildings opened this session where it has not.
 */
export function useSearchResults(text: string, options: { take: number; enabled: boolean }) {
  const capabilities = useCapabilities();
  const buildings = useQuery({ ...buildingsQueryOptions(), enabled: options.enabled });
  const sites = useQuery({ ...sitesQueryOptions(), enabled: options.enabled });
  const settled = useDebouncedValue(options.enabled ? text : '', platformSearchDebounceMs);
  const platform = usePlatformPlaceSearch(settled, options.take, capabilities.data);
  const deferred = useDeferredValue(text);
  const results = useMemo(
    () =>
      buildSearchResults(deferred, {
        buildings: buildings.data ?? [],
        sites: sites.data ?? [],
        levels: platform.levels,
        rooms: platform.rooms,
        remembered: platform.available ? [] : rememberedRooms(),
      }),
    [deferred, buildings.data, sites.data, platform.levels, platform.rooms, platform.available],
  );
  return {
    results,
    /** Floors and rooms come from the platform's own search (false: only opened buildings). */
    platformSearch: platform.available,
    loading:
      buildings.isPending ||
      platform.fetching ||
      (platform.available && text.trim().length >= 2 && settled !== text),
    /** The platform's search failed: listings still answer, floors and rooms do not. */
    platformError: platform.error,
    listingsError: buildings.error ?? sites.error ?? undefined,
    /** Platform results were cut at `take` per kind. */
    truncated: platform.levels.length >= options.take || platform.rooms.length >= options.take,
  };
}
