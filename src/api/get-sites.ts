import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from './fetch-all-pages';
import { siteSchema, type Site } from './platform-schemas';

export const siteKeys = {
  all: ['sites'] as const,
  list: () => [...siteKeys.all, 'list'] as const,
};

export const fetchAllSites = (signal?: AbortSignal): Promise<Site[]> =>
  fetchAllPages((take, skip) => `/api/Sites?take=${take}&skip=${skip}`, siteSchema, signal);

export const sitesQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.list(), queryFn: () => fetchAllSites() });

export const useSites = () => useQuery(sitesQueryOptions());
