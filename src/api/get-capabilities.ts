import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';

/** What the platform offers beyond the interface specification (the BFF asks it hourly). */
export const capabilitiesSchema = z.object({
  checkedAt: z.string().nullable(),
  probed: z.boolean(),
  reason: z.string().optional(),
  graphql: z.object({
    levelIds: z.boolean(),
    roomIds: z.boolean(),
    levelSearch: z.boolean(),
    roomSearch: z.boolean(),
    roomLevel: z.boolean(),
    buildingIdFilter: z.boolean(),
    areas: z.boolean(),
  }),
  /** Historical values at the BFF's configured platform path, and the longest range it relays. */
  history: z.object({
    available: z.boolean(),
    reason: z.string().optional(),
    /** Days of 24 hours (PLATFORM_HISTORY_MAX_DAYS); longer ranges are not offered. */
    maxDays: z.number().int().positive(),
  }),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

/** What to assume while the answer is on its way or if it fails: the spec alone. */
export const specOnlyCapabilities: Capabilities = {
  checkedAt: null,
  probed: false,
  graphql: {
    levelIds: false,
    roomIds: false,
    levelSearch: false,
    roomSearch: false,
    roomLevel: false,
    buildingIdFilter: false,
    areas: false,
  },
  // Offered until the BFF says otherwise: a failed history call then explains itself. The BFF's
  // default limit until it says its own.
  history: { available: true, maxDays: 366 },
};

export const capabilityKeys = { all: ['capabilities'] as const };

export const capabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: capabilityKeys.all,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/capabilities', capabilitiesSchema, { signal })).data,
    // The BFF refreshes hourly; a session needs to ask once.
    staleTime: 60 * 60 * 1000,
  });

export const useCapabilities = () => useQuery(capabilitiesQueryOptions());
