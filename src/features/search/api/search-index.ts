import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';

/**
 * GET /api/index/search: buildings, floors and rooms from the portfolio index, ranked by the
 * server. This schema is the contract; the server's tests parse its answers with it.
 */
export const indexSearchSchema = z.object({
  total: z.number(),
  /** More matches than `total` counts (the server counts up to a bound). */
  more: z.boolean(),
  asOf: z.string(),
  hits: z.array(
    z.object({
      kind: z.enum(['building', 'level', 'room']),
      id: z.nullable(z.string()),
      name: z.nullable(z.string()),
      buildingId: z.string(),
      buildingName: z.nullable(z.string()),
      levelId: z.nullable(z.string()),
      levelPosition: z.nullable(z.number()),
      levelName: z.nullable(z.string()),
      /** A building's reference; null for floors and rooms. */
      referenceId: z.nullable(z.string()),
      /** Among the others of its name (buildings in the portfolio, rooms on their floor). */
      sameName: z.nullable(z.object({ count: z.number(), position: z.number() })),
    }),
  ),
});
export type IndexSearchAnswer = z.infer<typeof indexSearchSchema>;
export type IndexHit = IndexSearchAnswer['hits'][number];

export const indexSearchKeys = {
  query: (q: string, limit: number) => ['index-search', q, limit] as const,
};

/** Page by page: the box asks for one page, the results page for as many as the person reads. */
export const indexSearchQueryOptions = (q: string, limit: number) =>
  infiniteQueryOptions({
    queryKey: indexSearchKeys.query(q, limit),
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiGet(
          `/api/index/search?${new URLSearchParams({ q, limit: String(limit), offset: String(pageParam) }).toString()}`,
          indexSearchSchema,
          { signal },
        )
      ).data,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((sum, page) => sum + page.hits.length, 0);
      // Past the counted bound ("more"), pages go on while they come back full.
      return read < last.total || (last.more && last.hits.length === limit) ? read : undefined;
    },
    // The previous answer stays while the next query is asked (no flicker as a person types).
    placeholderData: keepPreviousData,
  });
