import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import {
  currentValueRecord,
  readRecords,
  type CurrentValueRecord,
} from '@/shared/platform/records';
import type { DevicePlaceLevel } from './get-devices';

/** A page of current values, as sent: each value is read on its own (`readValues`). */
const valuesPage = z.array(z.unknown());

/**
 * Current values read value by value (shared/platform/records.ts): one the platform wrote wrongly
 * is left out, never the place's whole list; a measurement listed twice is read once.
 */
const readValues = (items: readonly unknown[]): CurrentValue[] =>
  readRecords(items, currentValueRecord).records.map(read);

export type CurrentValue = CurrentValueRecord & {
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

const read = (value: CurrentValueRecord): CurrentValue => ({
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
      readValues(
        (
          await apiGet(
            `/api/${level}/${encodeURIComponent(id)}/MeasurementValues?take=${valuesPerPage}`,
            valuesPage,
          )
        ).data,
      ),
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
  | { complete: true; values: CurrentValue[] }
  /** `total`: the platform's count where it gave one beyond the maximum, else how many were read. */
  | { complete: false; total: number };

/**
 * Every current value of a building, page by page until a short page, unless there are more than
 * `maxBuildingValues`. The data decides first: a short first page is the whole list, whatever the
 * platform's count says; only a full one lets a count beyond the maximum save reading on.
 */
export const buildingCurrentValuesQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...currentValueKeys.of('Buildings', buildingId), 'all'] as const,
    queryFn: async (): Promise<BuildingCurrentValues> => {
      const path = (skip: number) =>
        `/api/Buildings/${encodeURIComponent(buildingId)}/MeasurementValues?take=${valuesPerPage}&skip=${skip}`;
      const items: unknown[] = [];
      for (let page = 0; ; page++) {
        if (page * valuesPerPage >= maxBuildingValues)
          return { complete: false, total: items.length };
        const answer = await apiGet(path(page * valuesPerPage), valuesPage);
        items.push(...answer.data);
        if (answer.data.length < valuesPerPage)
          return { complete: true, values: readValues(items) };
        const total = Number(answer.headers.get('x-total-count') ?? Number.NaN);
        if (page === 0 && Number.isSafeInteger(total) && total > maxBuildingValues)
          return { complete: false, total };
      }
    },
    staleTime: 30_000,
    refetchInterval: currentValuesRefreshMs,
  });
