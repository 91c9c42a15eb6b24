import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';

/**
 * How the platform answers for a feature beyond the spec: it does, it has no such endpoint, the
 * BFF's credential lacks the API type, or the BFF could not tell (then the feature is offered and
 * its panel reports its own errors).
 */
const featureSchema = z.object({
  state: z.enum(['available', 'not-offered', 'not-enabled', 'unknown']),
  available: z.boolean(),
  /** Plain words, shown as they are. */
  reason: z.optional(z.string()),
});
export type FeatureCapability = z.infer<typeof featureSchema>;

const bandSchema = z.object({
  low: z.optional(z.number()),
  high: z.optional(z.number()),
  unit: z.string(),
  source: z.string().check(z.minLength(1)),
});

/** What the platform offers beyond the interface specification (the BFF asks it hourly). */
export const capabilitiesSchema = z.object({
  checkedAt: z.nullable(z.string()),
  probed: z.boolean(),
  reason: z.optional(z.string()),
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
  history: z.extend(featureSchema, {
    /** Days of 24 hours (PLATFORM_HISTORY_MAX_DAYS); longer ranges are not offered. */
    maxDays: z.int().check(z.positive()),
  }),
  /** Devices of places, with their measurements' names, units and types. */
  devices: featureSchema,
  /** Latest values, shared by the BFF for `ttlSeconds` (a reading can be that much older). */
  currentValues: z.extend(featureSchema, { ttlSeconds: z.number().check(z.minimum(0)) }),
  /** The bands current readings are judged against (the BFF's COMFORT_* settings). */
  comfortBands: z.object({ temperature: bandSchema, co2: bandSchema, humidity: bandSchema }),
  /** When the bands apply, on each site's clock (COMFORT_HOURS). */
  comfortHours: z.object({
    days: z.array(z.int().check(z.minimum(0)).check(z.maximum(6))),
    from: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    to: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    label: z.string().check(z.minLength(1)),
  }),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

/**
 * What to assume while the answer is on its way or if it fails: the spec alone. No comfort bands:
 * they are the BFF's to say, and no reading is judged before it has.
 */
export const specOnlyCapabilities: Omit<Capabilities, 'comfortBands' | 'comfortHours'> = {
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
  history: { state: 'unknown', available: true, maxDays: 366 },
  devices: { state: 'unknown', available: true },
  currentValues: { state: 'unknown', available: true, ttlSeconds: 30 },
};

export const capabilityKeys = { all: ['capabilities'] as const };

export const capabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: capabilityKeys.all,
    queryFn: async () => (await apiGet('/api/capabilities', capabilitiesSchema)).data,
    // The BFF refreshes hourly; a session needs to ask once.
    staleTime: 60 * 60 * 1000,
  });

export const useCapabilities = () => useQuery(capabilitiesQueryOptions());
