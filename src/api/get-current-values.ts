import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import type { DevicePlaceLevel } from './get-devices';

const currentValueSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  /** v2+ `ontologyType`, v1 `type`: a Brick point class. */
  ontologyType: z.string().nullish(),
  type: z.string().nullish(),
  unit: z.string().nullish(),
  /** A number, a boolean or a string (field notes). */
  value: z.union([z.number(), z.boolean(), z.string()]).nullable(),
  timestamp: z.string(),
  deviceId: z.string().nullish(),
  spaceId: z.string().nullish(),
  measuredId: z.string().nullish(),
});
export type CurrentValue = z.infer<typeof currentValueSchema> & {
  /** `timestamp` read once; NaN when the platform wrote something unreadable. */
  time: number;
  /** The Brick point class, whichever field the platform's version used. */
  pointType: string | null;
};

export const currentValueKeys = {
  all: ['current-values'] as const,
  of: (level: DevicePlaceLevel, id: string) => [...currentValueKeys.all, level, id] as const,
};

/** How often a screen showing current values asks again (the sensors report every 15 minutes). */
export const currentValuesRefreshMs = 60_000;

export const currentValuesQueryOptions = (level: DevicePlaceLevel, id: string) =>
  queryOptions({
    queryKey: currentValueKeys.of(level, id),
    queryFn: async ({ signal }): Promise<CurrentValue[]> =>
      (
        await apiGet(
          `/api/${level}/${encodeURIComponent(id)}/MeasurementValues?take=5000`,
          z.array(currentValueSchema),
          { signal },
        )
      ).data.map((value) => ({
        ...value,
        time: Date.parse(value.timestamp),
        pointType: value.ontologyType ?? value.type ?? null,
      })),
    staleTime: 30_000,
    refetchInterval: currentValuesRefreshMs,
  });
