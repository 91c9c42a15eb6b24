import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { recordKinds, skipReasons } from '@/shared/platform/records';

/**
 * GET /api/index/status: the portfolio index's state as the BFF reports it. This schema is the
 * contract; the server's tests parse its answers with it (tests/server/portfolio-index-sync).
 */
export const indexStatusSchema = z.object({
  state: z.enum(['empty', 'syncing', 'ready', 'failed']),
  database: z.enum(['embedded', 'postgres']),
  refreshMinutes: z.number(),
  canRefresh: z.boolean(),
  served: z.nullable(
    z.object({
      finishedAt: z.string(),
      sites: z.number(),
      buildings: z.number(),
      levels: z.number(),
      rooms: z.number(),
      method: z.nullable(z.string()),
      unread: z.array(z.string()),
      /** Records of each kind the sync could not keep, by why (shared/platform/records.ts). */
      skipped: z.partialRecord(
        z.enum(recordKinds),
        z.partialRecord(z.enum(skipReasons), z.number()),
      ),
    }),
  ),
  latest: z.nullable(
    z.object({
      /** Which host and process ran it: for administrators only. */
      instance: z.nullable(z.string()),
      phase: z.string(),
      outcome: z.enum(['running', 'done', 'failed']),
      startedAt: z.string(),
      finishedAt: z.nullable(z.string()),
      sites: z.number(),
      buildings: z.number(),
      buildingsExpected: z.number(),
      levels: z.number(),
      rooms: z.number(),
      roomsExpected: z.number(),
      platformRequests: z.number(),
      error: z.nullable(z.string()),
    }),
  ),
});
export type IndexStatus = z.infer<typeof indexStatusSchema>;

export const indexStatusKeys = { all: ['index-status'] as const };

/**
 * Queries answered from the index carry keys that start with "index-" (search, totals, quality):
 * when a newer sync is served they are all out of date at once.
 */
export const readsTheIndex = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === 'string' &&
  queryKey[0].startsWith('index-') &&
  queryKey[0] !== indexStatusKeys.all[0];

/** Every Storey keeps its index (decision 0024): its state is always there to read. */
export const indexStatusQueryOptions = () =>
  queryOptions({
    queryKey: indexStatusKeys.all,
    queryFn: async ({ signal }): Promise<IndexStatus> =>
      (await apiGet('/api/index/status', indexStatusSchema, { signal })).data,
    // Every two seconds while a sync runs or is about to (the progress bar), every minute after.
    refetchInterval: (query) =>
      query.state.data?.state === 'syncing' || query.state.data?.state === 'empty' ? 2000 : 60_000,
  });

export const useIndexStatus = () => useQuery(indexStatusQueryOptions());
