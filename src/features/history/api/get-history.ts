import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { groupReadings, type MeasurementSeries, type Reading } from '../utils/time-series';
import { z } from '@/lib/zod';

/** The levels of the hierarchy with history, as the BFF's paths name them. */
export type HistoryLevel = 'Buildings' | 'Floors' | 'Spaces' | 'Devices';

const readingSchema = z.object({
  measurementValueId: z.string().min(1),
  value: z.string(),
  timestamp: z.string(),
});

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
  const { data } = await apiGet(
    `/api/${level}/${encodeURIComponent(id)}/HistoricalValues?${query.toString()}`,
    z.array(readingSchema),
    signal ? { signal } : {},
  );
  return { readings: data, series: groupReadings(data) };
}

/** One call per place and range; grouped once when it arrives, not on every render. */
export const historyQueryOptions = (
  level: HistoryLevel,
  id: string,
  range: { from: number; to: number },
) =>
  queryOptions({
    queryKey: historyKeys.of(level, id, range.from, range.to),
    queryFn: ({ signal }) => fetchHistory(level, id, range, signal),
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
