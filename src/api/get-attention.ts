import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryString } from './query-string';
import { z } from '@/lib/zod';

/**
 * "Needs attention now": rooms out of their comfort band across the portfolio, as the server's
 * conditions refresh last read the platform's current values
 * (server/portfolio-index/conditions.ts). This schema is the contract; the server's tests parse
 * its answers with it (tests/server/portfolio-index-attention).
 */
export const attentionKindSchema = z.enum(['temperature', 'co2', 'humidity']);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

export const attentionReadingSchema = z.object({
  measurementId: z.string(),
  kind: attentionKindSchema,
  name: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  value: z.number(),
  status: z.enum(['low', 'high']),
  /** How far out of band, as a share of the band's width: what "worst first" sorts by. */
  outShare: z.number(),
  readingAt: z.string(),
  outSince: z.string(),
  /** False: already out of band when first read, so out at least since `outSince`. */
  outSinceKnown: z.boolean(),
  checkedAt: z.string(),
  roomId: z.string(),
  roomName: z.nullable(z.string()),
  /** The level as links name it (its id, or its position); null when the index has no such room. */
  levelKey: z.nullable(z.string()),
  levelName: z.nullable(z.string()),
  buildingId: z.string(),
  buildingName: z.nullable(z.string()),
  siteId: z.nullable(z.string()),
  siteName: z.nullable(z.string()),
  /**
   * The band the room was judged by: its type's (a server room's is not an office's), with where
   * it comes from. Null limits where the band has none (a ceiling only); null source: a reading
   * judged before the index kept bands.
   */
  band: z.object({
    low: z.nullable(z.number()),
    high: z.nullable(z.number()),
    source: z.nullable(z.string()),
  }),
  /** The room's other sensors of this kind out of band too (the row is its worst reading). */
  others: z.array(
    z.object({
      measurementId: z.string(),
      name: z.nullable(z.string()),
      value: z.number(),
      unit: z.nullable(z.string()),
      status: z.enum(['low', 'high']),
    }),
  ),
});
export type AttentionReading = z.infer<typeof attentionReadingSchema>;

export const attentionSchema = z.object({
  /** The portfolio index's sync the places come from. */
  asOf: z.string(),
  /** Rooms out of band for a kind (the rows), every reading out of band, and the rooms. */
  total: z.number(),
  readingsOut: z.number(),
  rooms: z.number(),
  readings: z.array(attentionReadingSchema),
  checks: z.object({
    /** Buildings in scope with devices (or whose devices the platform did not count). */
    buildings: z.number(),
    checked: z.number(),
    oldestCheckAt: z.nullable(z.string()),
    newestCheckAt: z.nullable(z.string()),
    lastRound: z.nullable(
      z.object({
        startedAt: z.string(),
        finishedAt: z.string(),
        buildingsChecked: z.number(),
        platformRequests: z.number(),
        /** Why the round stopped early, in plain words. */
        error: z.nullable(z.string()),
      }),
    ),
  }),
  /** How often conditions are read, and the platform requests one round may make at most. */
  refresh: z.object({ everyMinutes: z.number(), requestBudget: z.number() }),
});
export type Attention = z.infer<typeof attentionSchema>;

export interface AttentionFilter {
  site?: string;
  building?: string;
  kind?: AttentionKind;
  sort?: 'worst' | 'longest';
}

/** The filters and sort the attention page keeps in its URL. */
export const attentionViewKeys = ['site', 'building', 'kind', 'sort'] as const;

/** The URL's values as the server's filter: anything unknown is left out, not sent. */
export function attentionFilterOf(
  values: Partial<Record<(typeof attentionViewKeys)[number], string | null>>,
): AttentionFilter {
  const kind = attentionKindSchema.safeParse(values.kind);
  return {
    ...(values.site ? { site: values.site } : {}),
    ...(values.building ? { building: values.building } : {}),
    ...(kind.success ? { kind: kind.data } : {}),
    ...(values.sort === 'longest' ? { sort: 'longest' as const } : {}),
  };
}

/** Rows the page draws at most (the CSV has them all). */
export const attentionListLimit = 200;

export const attentionKeys = {
  all: ['index-attention'] as const,
  list: (filter: AttentionFilter, limit: number) => [...attentionKeys.all, filter, limit] as const,
};

/** How often the list asks again while open: the server reads the platform every few minutes. */
export const attentionRefreshMs = 60_000;

/** The first `limit` readings out of band under a filter, and how complete the checks are. */
export const attentionQueryOptions = (filter: AttentionFilter, limit: number) =>
  queryOptions({
    queryKey: attentionKeys.list(filter, limit),
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/api/index/attention${queryString({ ...filter, limit })}`, attentionSchema, {
          signal,
        })
      ).data,
    refetchInterval: attentionRefreshMs,
  });

/** Every reading out of band under a filter, page by page (for the CSV). */
export async function fetchAllAttention(filter: AttentionFilter): Promise<AttentionReading[]> {
  const pageSize = 5_000;
  const all: AttentionReading[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { data } = await apiGet(
      `/api/index/attention${queryString({ ...filter, offset, limit: pageSize })}`,
      attentionSchema,
    );
    all.push(...data.readings);
    if (data.readings.length < pageSize || all.length >= data.total) return all;
  }
}

/**
 * GET /api/index/floors-now?building=: a building's floors as the conditions round's last check of
 * it left them (`now` null when it was not checked within a day), counted by the shared rule
 * (shared/rules/floor-now). The stacking plan's "Now" for a building whose current values are
 * more than the browser reads (the tower). This schema is the contract.
 */
export const floorsNowSchema = z.object({
  asOf: z.string(),
  now: z.nullable(
    z.object({
      checkedAt: z.string(),
      floors: z.array(
        z.object({
          floorId: z.string(),
          roomsWithBands: z.number(),
          roomsOutOfBand: z.number(),
          roomsOutsideHours: z.number(),
        }),
      ),
    }),
  ),
});

export const floorsNowQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...attentionKeys.all, 'floors-now', buildingId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/index/floors-now${queryString({ building: buildingId })}`,
          floorsNowSchema,
          {
            signal,
          },
        )
      ).data,
    refetchInterval: attentionRefreshMs,
  });
