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
});

/**
 * GET /api/index/totals?by=: every site or organization with its sums and its shares of the
 * portfolio, worked out once on the server. This schema is the contract the server's tests hold.
 */
export const totalsSchema = z.object({
  asOf: z.string(),
  total: measures,
  rows: z.array(
    measures.extend({
      id: z.string(),
      name: z.string().nullable(),
      /** A site's organization; null on an organization's own row. */
      organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
      share: z.object({
        buildings: z.number().nullable(),
        area: z.number().nullable(),
        floors: z.number().nullable(),
        spaces: z.number().nullable(),
        devices: z.number().nullable(),
        measurements: z.number().nullable(),
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
