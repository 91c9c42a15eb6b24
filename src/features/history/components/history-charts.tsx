import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import { groupByKindAndUnit, type NamedSeries, type SeriesGroup } from '@/domain/series-groups';
import type { MeasurementSeries } from '../utils/time-series';
import type { ComfortBands, ComfortSchedule } from '@/shared/rules/comfort';
import { displayUnit } from '@/shared/rules/measurement-kinds';
import type { PreviousPeriod } from '../utils/chart-lines';
import { GroupChart } from './group-chart';

export interface HistoryChartsProps {
  series: MeasurementSeries[];
  /** What each series measures, in which unit, from which source (by series id). */
  names: NamedSeries[];
  range: { from: number; to: number };
  /**
   * The period before, drawn dashed over this one: its readings moved forward by `shiftMs` (a
   * day, or whole weeks, so weekdays and hours lie over each other); `label` says how far back.
   */
  previous?: PreviousPeriod | undefined;
  /** The comfort bands (the server's settings): a banded kind's chart shades its band. */
  bands?: Partial<ComfortBands> | undefined;
  /** When the bands apply, on the site's clock: the band is shaded in those hours only. */
  schedule?: ComfortSchedule | undefined;
  /** The panel's clock (the site's): ticks fall on its whole hours and midnights. */
  timeZone: string;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}

/** A group's comfort band, where its kind has one and its unit is the band's. */
const bandOf = (group: SeriesGroup, bands: Partial<ComfortBands> | undefined) => {
  const band = group.band && bands ? bands[group.band] : undefined;
  return band && displayUnit(band.unit) === group.unit ? band : undefined;
};

/**
 * One chart per kind and unit, each with its own value axis: a temperature and an energy meter on
 * one axis would flatten one of them, while a floor's room temperatures read best side by side.
 */
export function HistoryCharts({
  series,
  names,
  range,
  previous,
  bands,
  schedule,
  timeZone,
  formatValue,
  formatTime,
}: HistoryChartsProps) {
  const { scheme, palette } = useChartScheme();
  const groups = useMemo(() => groupByKindAndUnit(names), [names]);
  const seriesById = useMemo(() => new Map(series.map((one) => [one.id, one])), [series]);
  const previousById = useMemo(
    () => (previous ? new Map(previous.series.map((one) => [one.id, one])) : undefined),
    [previous],
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: groups.length > 1 ? '1fr 1fr' : '1fr' },
      }}
    >
      {groups.map((group) => (
        <GroupChart
          key={group.key}
          group={group}
          seriesById={seriesById}
          previousById={previousById}
          previous={previous}
          scheme={scheme}
          range={range}
          palette={palette}
          band={bandOf(group, bands)}
          schedule={schedule}
          timeZone={timeZone}
          formatValue={formatValue}
          formatTime={formatTime}
        />
      ))}
    </Box>
  );
}
