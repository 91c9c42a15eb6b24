import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Palette } from '@mui/material/styles';
import { useMemo } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { seriesColor } from '@/components/charts/measure-palette';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import type { MeasurementKind } from '@/domain/measurement-kinds';
import { consumptionPerPeriod, consumptionPeriod, hourMs } from '@/domain/meter-consumption';
import { splitImplausible } from '@/domain/plausible-readings';
import { formatCompact } from '@/lib/format';
import {
  pointsForDrawing,
  summarize,
  timeTicks,
  type MeasurementSeries,
} from '../utils/time-series';

/** Points drawn per line at most: about one per pixel of a wide chart, whatever the range. */
export const maxDrawnPoints = 800;

export interface HistoryChartsProps {
  series: MeasurementSeries[];
  labels: string[];
  /** What each series measures (its plausible range), where the platform said. */
  kinds: Array<MeasurementKind | undefined>;
  range: { from: number; to: number };
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}

const dayMs = 24 * 60 * 60 * 1000;

function tickFormatter(range: { from: number; to: number }) {
  const span = range.to - range.from;
  // Ticks sit on whole hours for a day's range and on midnights beyond (timeTicks).
  const format = new Intl.DateTimeFormat(
    undefined,
    span <= 2 * dayMs
      ? { hour: '2-digit', minute: '2-digit' }
      : span <= 10 * dayMs
        ? { weekday: 'short', day: 'numeric' }
        : { day: 'numeric', month: 'short' },
  );
  return (time: number) => format.format(time);
}

function SeriesChart({
  series,
  label,
  kind,
  color,
  range,
  palette,
  formatValue,
  formatTime,
}: {
  series: MeasurementSeries;
  label: string;
  kind: MeasurementKind | undefined;
  color: string;
  range: { from: number; to: number };
  palette: Palette;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}) {
  // Implausible readings stay off the axis (listed below it); the rest is thinned once per answer.
  const split = useMemo(() => splitImplausible(series.points, kind ?? {}), [series.points, kind]);
  // A cumulative meter is drawn as use per hour or day, not as its running total.
  const period = kind?.cumulative ? consumptionPeriod(range) : undefined;
  const shown = useMemo(
    () => (period ? consumptionPerPeriod(split.kept, period) : split.kept),
    [split.kept, period],
  );
  const data = useMemo(() => pointsForDrawing(shown, maxDrawnPoints), [shown]);
  const summary = useMemo(() => summarize(shown), [shown]);
  const shownLabel = period ? `${label}, use per ${period === hourMs ? 'hour' : 'day'}` : label;
  const leftOut = split.implausible;
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  const describe =
    summary.count === 0
      ? `${shownLabel}: no readings in this range.`
      : `${shownLabel}: ${summary.count} ${period ? (period === hourMs ? 'hours' : 'days') : 'readings'} from ${formatValue(summary.minimum!)} to ${formatValue(summary.maximum!)}` +
        `${summary.gaps > 0 ? `, ${summary.gaps} gap${summary.gaps > 1 ? 's' : ''}` : ''}` +
        `${leftOut.length > 0 ? `, ${leftOut.length} implausible left out` : ''}. Choose Table for every reading.`;
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0 }}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {shownLabel}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {series.id}
        </Typography>
      </Typography>
      <Box role="img" aria-label={describe} sx={{ height: 180 }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 4, right: 12, bottom: 4, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={palette.divider} vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={[range.from, range.to]}
              ticks={timeTicks(range)}
              tickFormatter={tickFormatter(range)}
              tick={tick}
              minTickGap={24}
            />
            <YAxis
              tick={tick}
              width={56}
              // Use is measured from nothing: its axis starts at 0.
              domain={period ? [0, 'auto'] : ['auto', 'auto']}
              tickFormatter={(value: number) => formatCompact(value)}
            />
            <Tooltip
              labelFormatter={(time) => formatTime(Number(time))}
              formatter={(value) => [formatValue(Number(value)), shownLabel]}
              contentStyle={{ background: palette.background.paper, borderColor: palette.divider }}
              labelStyle={{ color: palette.text.primary }}
            />
            <Line
              type={period ? 'stepAfter' : 'linear'}
              dataKey="value"
              stroke={color}
              strokeWidth={1.5}
              dot={false}
              isAnimationActive={false}
              connectNulls={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Box>
      {leftOut.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {leftOut.length === 1
            ? '1 implausible reading'
            : `${leftOut.length} implausible readings`}{' '}
          left out of the axis:{' '}
          {leftOut
            .slice(0, 3)
            .map((point) => `${formatValue(point.value)} at ${formatTime(point.time)}`)
            .join('; ')}
          {leftOut.length > 3 ? '; …' : ''}. Every reading is in the table.
        </Typography>
      ) : null}
    </Paper>
  );
}

/**
 * One small chart per measurement, each with its own value axis: the platform sends no units,
 * and a temperature and an energy meter on one axis would flatten one of them.
 */
export function HistoryCharts({
  series,
  labels,
  kinds,
  range,
  formatValue,
  formatTime,
}: HistoryChartsProps) {
  const { scheme, palette } = useChartScheme();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: series.length > 1 ? '1fr 1fr' : '1fr' },
      }}
    >
      {series.map((one, index) => (
        <SeriesChart
          key={one.id}
          series={one}
          label={labels[index]!}
          kind={kinds[index]}
          color={seriesColor(scheme, index)}
          range={range}
          palette={palette}
          formatValue={formatValue}
          formatTime={formatTime}
        />
      ))}
    </Box>
  );
}
