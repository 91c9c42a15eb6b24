import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import type { DevicePlaceLevel } from './get-devices';

const currentValueSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.nullish(z.string()),
  /** v2+ `ontologyType`, v1 `type`: a Brick point class. */
  ontologyType: z.nullish(z.string()),
  type: z.nullish(z.string()),
  unit: z.nullish(z.string()),
  /** A number, a boolean or a string (field notes). */
  value: z.nullable(z.union([z.number(), z.boolean(), z.string()])),
  timestamp: z.string(),
  deviceId: z.nullish(z.string()),
  floorId: z.nullish(z.string()),
  spaceId: z.nullish(z.string()),
  measuredId: z.nullish(z.string()),
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

const read = (value: z.infer<typeof currentValueSchema>): CurrentValue => ({
  ...value,
  time: Date.parse(value.timestamp),
  pointType: value.ontologyType ?? value.type ?? null,
});

/** The platform's largest page of a list (field notes: `take` at most 5,000). */
const valuesPerPage = 5000;

export const currentValuesQueryOptions = (level: DevicePlaceLevel, id: string) =>
  queryOptions({
    queryKey: currentValueKeys.of(level, id),
    queryFn: async (): Promise<CurrentValue[]> =>
      (
        await apiGet(
          `/api/${level}/${encodeURIComponent(id)}/MeasurementValues?take=${valuesPerPage}`,
          z.array(currentValueSchema),
        )
      ).data.map(read),
    staleTime: 30_000,
    refetchInterval: currentValuesRefreshMs,
  });

/**
 * The most current values a building's page reads in the browser (four pages): a building of a
 * few hundred rooms reports a few thousand; a 20,000-room tower's would be megabytes, and its
 * floors are read one at a time on their own pages instead.
 */
export const maxBuildingValues = 4 * valuesPerPage;

export type BuildingCurrentValues =
  { complete: true; values: CurrentValue[] } | { complete: false; total: number };

/** Every current value of a building, page by page, unless there are more than `maxBuildingValues`. */
export const buildingCurrentValuesQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...currentValueKeys.of('Buildings', buildingId), 'all'] as const,
    queryFn: async (): Promise<BuildingCurrentValues> => {
      const path = (skip: number) =>
        `/api/Buildings/${encodeURIComponent(buildingId)}/MeasurementValues?take=${valuesPerPage}&skip=${skip}`;
      const first = await apiGet(path(0), z.array(currentValueSchema));
      const total = Number(first.headers.get('x-total-count') ?? Number.NaN);
      if (Number.isInteger(total) && total > maxBuildingValues) return { complete: false, total };
      const values = [...first.data];
      for (let page = 1; values.length === page * valuesPerPage; page++) {
        if (page * valuesPerPage >= maxBuildingValues)
          return { complete: false, total: Number.isInteger(total) ? total : values.length };
        values.push(...(await apiGet(path(values.length), z.array(currentValueSchema))).data);
      }
      return { complete: true, values: values.map(read) };
    },
    staleTime: 30_000,
    refetchInterval: currentValuesRefreshMs,
  });
