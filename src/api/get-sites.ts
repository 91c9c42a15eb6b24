import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadList } from '@/shared/platform/records';
import { fetchAllPages } from './fetch-all-pages';
import { siteSchema, type Site } from './platform-schemas';

export const siteKeys = {
  all: ['sites'] as const,
  list: () => [...siteKeys.all, 'list'] as const,
};

export const fetchAllSites = (signal?: AbortSignal): Promise<ReadList<Site>> =>
  fetchAllPages((take, skip) => `/api/Sites?take=${take}&skip=${skip}`, siteSchema, signal);

/** The sites as read, with those that could not be read counted (`skipped`). */
export const siteListingQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.list(), queryFn: () => fetchAllSites() });

/** Every site that could be read. */
export const sitesQueryOptions = () =>
  queryOptions({ ...siteListingQueryOptions(), select: (listing) => listing.records });

export const useSites = () => useQuery(sitesQueryOptions());
