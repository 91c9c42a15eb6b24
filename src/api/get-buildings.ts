import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadList } from '@/shared/platform/records';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { fetchAllPages } from './fetch-all-pages';
import { buildingSchema, type Building } from './platform-schemas';

export const buildingKeys = {
  all: ['buildings'] as const,
  list: () => [...buildingKeys.all, 'list', { includeCounts: true }] as const,
};

/** Every building the account sees, with device and measurement counts where the platform has them. */
export const fetchAllBuildings = (signal?: AbortSignal): Promise<ReadList<Building>> =>
  fetchAllPages(
    (take, skip) => `/api/Buildings?includeCounts=true&take=${take}&skip=${skip}`,
    buildingSchema,
    signal,
  );

/** The buildings as read, with those that could not be read counted (`skipped`). */
export const buildingListingQueryOptions = () =>
  queryOptions({
    queryKey: buildingKeys.list(),
    queryFn: () => fetchAllBuildings(),
  });

/** Every building that could be read. */
export const buildingsQueryOptions = () =>
  queryOptions({ ...buildingListingQueryOptions(), select: (listing) => listing.records });

export const useBuildings = () => useQuery(buildingsQueryOptions());

/**
 * GET /api/index/buildings/{id}: one building as the index's last sync read it (the platform's
 * record, read with the listing's own schema) and its site's name and clock. What a shared link
 * to a building, floor or room needs first, instead of the whole listing. This schema is the
 * contract.
 */
export const indexedBuildingSchema = z.object({
  asOf: z.string(),
  record: buildingSchema,
  site: z.nullable(
    z.object({ id: z.string(), name: z.nullable(z.string()), timezone: z.nullable(z.string()) }),
  ),
});

export const indexedBuildingQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...buildingKeys.all, 'indexed', buildingId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/index/buildings/${encodeURIComponent(buildingId)}`,
          indexedBuildingSchema,
          { signal },
        )
      ).data,
    // Not yet indexed, or unknown to the index: the listing answers instead, at once.
    retry: false,
  });
