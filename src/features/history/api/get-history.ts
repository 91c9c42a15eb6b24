import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetItems } from '@/lib/api-client';
import { ReadingGrouping, type MeasurementSeries, type Reading } from '../utils/time-series';
import { z } from '@/lib/zod';
import { readHistoricalValues } from '@/shared/platform/records';

/** The levels of the hierarchy with history, as the BFF's paths name them. */
export type HistoryLevel = 'Buildings' | 'Floors' | 'Spaces' | 'Devices';

/**
 * A history answer, reading by reading (shared/platform/records.ts): one the platform wrote
 * wrongly is left out, never the whole answer; a value sent as a number is kept as its text.
 */
export const readingsSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items) => readHistoricalValues(items)),
);

/**
 * `readingsSchema`'s verdict on an answer it would return unchanged, in one pass without zod (a
 * tower floor's two weeks are 500,000 readings): objects of exactly the three fields, strings,
 * the id not empty. Anything else is left to the schema, to accept (after stripping) or explain.
 */
export function isReadings(body: unknown): body is Reading[] {
  if (!Array.isArray(body)) return false;
  for (const item of body as unknown[]) {
    // Plain objects, as JSON.parse makes them: zod's copy would be one.
    if (
      typeof item !== 'object' ||
      item === null ||
      Object.getPrototypeOf(item) !== Object.prototype
    )
      return false;
    const reading = item as Record<string, unknown>;
    if (
      typeof reading.measurementValueId !== 'string' ||
      reading.measurementValueId.length === 0 ||
      typeof reading.value !== 'string' ||
      typeof reading.timestamp !== 'string'
    )
      return false;
    let keys = 0;
    for (const key in reading) if (Object.hasOwn(reading, key)) keys++;
    if (keys !== 3) return false;
  }
  return true;
}

export interface HistoryAnswer {
  /** Every reading as the platform sent it (table view and CSV). */
  readings: Reading[];
  /** The same readings as one number series per measurement (charts and latest values). */
  series: MeasurementSeries[];
}

export const historyKeys = {
  all: ['history'] as const,
  of: (level: HistoryLevel, id: string, from: number, to: number) =>
    [...historyKeys.all, level, id, from, to] as const,
};

export async function fetchHistory(
  level: HistoryLevel,
  id: string,
  range: { from: number; to: number },
  signal?: AbortSignal,
): Promise<HistoryAnswer> {
  const query = new URLSearchParams({
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
  });
  const readings: Reading[] = [];
  const grouping = new ReadingGrouping();
  // Read and grouped while it downloads: by its last byte only the drawing is left.
  await apiGetItems(
    `/api/${level}/${encodeURIComponent(id)}/HistoricalValues?${query.toString()}`,
    readingsSchema,
    {
      ...(signal ? { signal } : {}),
      accepts: isReadings,
      onItems: (batch) => {
        for (const reading of batch) readings.push(reading);
        grouping.add(batch);
      },
    },
  );
  return { readings, series: grouping.series() };
}

/** One call per place and range; grouped once when it arrives, not on every render. */
export const historyQueryOptions = (
  level: HistoryLevel,
  id: string,
  range: { from: number; to: number },
) =>
  queryOptions({
    queryKey: historyKeys.of(level, id, range.from, range.to),
    queryFn: ({ signal }) => fetchHistory(level, id, { from: range.from, to: range.to }, signal),
    staleTime: 60_000,
  });

export const useHistory = (
  level: HistoryLevel,
  id: string | undefined,
  range: { from: number; to: number } | undefined,
) =>
  useQuery({
    ...historyQueryOptions(level, id ?? '', range ?? { from: 0, to: 0 }),
    enabled: id !== undefined && range !== undefined,
  });
