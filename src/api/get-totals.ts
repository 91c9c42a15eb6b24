import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';

const measures = z.object({
  buildings: z.number(),
  area: z.number(),
  floors: z.number(),
  spaces: z.number(),
  devices: z.number(),
  measurements: z.number(),
  countsMissing: z.number(),
  /** Buildings whose area, floor count or space count is unknown: left out of that sum. */
  areaMissing: z.number(),
  floorsMissing: z.number(),
  spacesMissing: z.number(),
});

/**
 * GET /api/index/totals?by=: every site or organization with its sums and its shares of the
 * portfolio, worked out once on the server. This schema is the contract the server's tests hold.
 */
export const totalsSchema = z.object({
  asOf: z.string(),
  total: measures,
  rows: z.array(
    z.extend(measures, {
      id: z.string(),
      name: z.nullable(z.string()),
      /** A site's organization; null on an organization's own row. */
      organization: z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()) })),
      share: z.object({
        buildings: z.nullable(z.number()),
        area: z.nullable(z.number()),
        floors: z.nullable(z.number()),
        spaces: z.nullable(z.number()),
        devices: z.nullable(z.number()),
        measurements: z.nullable(z.number()),
      }),
    }),
  ),
});
export type Totals = z.infer<typeof totalsSchema>;
export type TotalsGroup = 'site' | 'organization';

export const totalsQueryOptions = (by: TotalsGroup) =>
  queryOptions({
    queryKey: ['index-totals', by] as const,
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/index/totals?by=${by}`, totalsSchema, { signal })).data,
  });
