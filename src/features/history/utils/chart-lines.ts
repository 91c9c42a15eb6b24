import type { useChartScheme } from '@/components/charts/use-chart-scheme';
import type { SeriesGroup } from '@/domain/series-groups';
import type { MeasurementSeries, SeriesPoint } from './time-series';

/** What the History panel's charts pass between their parts. */

/** The period before, drawn dashed over this one (see HistoryChartsProps). */
export interface PreviousPeriod {
  series: MeasurementSeries[];
  shiftMs: number;
  label: string;
}

export type ChartScheme = ReturnType<typeof useChartScheme>['scheme'];

/** A series as drawn: its readings (or use per period), those left out, its period before. */
export interface ChartLine {
  member: SeriesGroup['members'][number];
  shown: readonly SeriesPoint[];
  implausible: readonly SeriesPoint[];
  before: readonly SeriesPoint[] | undefined;
}

export interface DrawnLine {
  key: string;
  name: string;
  dataKey: string;
  stroke: string;
  width?: number;
  dashed?: boolean;
}
