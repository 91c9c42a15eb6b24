import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Palette, SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { seriesColor } from '@/components/charts/measure-palette';
import { describeBand, type BandLimits, type ComfortSchedule } from '@/shared/rules/comfort';
import type { summarize } from '../utils/time-series';
import type { ChartLine, ChartScheme, PreviousPeriod } from '../utils/chart-lines';

/** Under the chart: what its shading and dashes mean, its lines by name, what is left out. */
export function ChartNotes({
  title,
  band,
  schedule,
  previous,
  lines,
  named,
  leftOut,
  scheme,
  palette,
  formatValue,
  formatTime,
}: {
  title: string;
  band: BandLimits | undefined;
  schedule: ComfortSchedule | undefined;
  previous: PreviousPeriod | undefined;
  lines: readonly ChartLine[];
  named: readonly ChartLine[] | undefined;
  leftOut: ReadonlyArray<{ point: { time: number; value: number }; source: string }>;
  scheme: ChartScheme;
  palette: Palette;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}) {
  const several = lines.length > 1;
  return (
    <>
      {band ? (
        <ChartKey swatch={{ height: 10, bgcolor: 'success.main', opacity: 0.25 }}>
          Shaded: the comfort band, {describeBand(band)}
          {schedule ? `, in the comfort hours (${schedule.hours.label}, the building's clock)` : ''}
        </ChartKey>
      ) : null}
      {previous ? (
        <ChartKey swatch={{ borderTop: '2px dashed', borderColor: 'text.secondary' }}>
          Dashed: the same hours {previous.label}
        </ChartKey>
      ) : null}
      {several ? (
        <Box
          component="ul"
          aria-label={`Lines of ${title}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {named ? (
            <>
              <LegendItem swatch={{ height: 10, bgcolor: palette.text.secondary, opacity: 0.35 }}>
                Spread of {lines.length} series
              </LegendItem>
              <LegendItem swatch={{ bgcolor: palette.text.primary }}>
                Median of {lines.length} series
              </LegendItem>
            </>
          ) : null}
          {(named ?? lines).map((line, index) => (
            <LegendItem key={line.member.id} swatch={{ bgcolor: seriesColor(scheme, index) }}>
              {line.member.source}
            </LegendItem>
          ))}
        </Box>
      ) : null}
      {named ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          The {named.length} furthest from the median are drawn by name; the other{' '}
          {lines.length - named.length} are in the spread, and every reading is in the table.
        </Typography>
      ) : null}
      {leftOut.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {leftOut.length === 1
            ? '1 implausible reading'
            : `${leftOut.length} implausible readings`}{' '}
          left out of the axis:{' '}
          {leftOut
            .slice(0, 3)
            .map(
              ({ point, source }) =>
                `${formatValue(point.value)} at ${formatTime(point.time)}${several ? ` (${source})` : ''}`,
            )
            .join('; ')}
          {leftOut.length > 3 ? '; …' : ''}. Every reading is in the table.
        </Typography>
      ) : null}
    </>
  );
}

/** The chart in words: what it draws, its range of values, gaps, what is left out, the band. */
export function describeChart(chart: {
  title: string;
  members: number;
  period: string | undefined;
  summary: ReturnType<typeof summarize>;
  beforeSummary: ReturnType<typeof summarize> | undefined;
  leftOut: number;
  named: number | undefined;
  previous: PreviousPeriod | undefined;
  band: BandLimits | undefined;
  schedule: ComfortSchedule | undefined;
  formatValue: (value: number) => string;
}): string {
  const { title, members, period, summary, beforeSummary, previous, named, band, schedule } = chart;
  const { formatValue } = chart;
  const several = members > 1;
  const gaps = summary.gaps;
  const leftOut = { length: chart.leftOut };
  const describe =
    summary.count === 0
      ? `${title}: no readings in this range.`
      : `${title}: ${several ? `${members} series, ` : ''}${summary.count} ${period ? `${period}s` : 'readings'} from ${formatValue(summary.minimum!)} to ${formatValue(summary.maximum!)}` +
        `${gaps > 0 ? `, ${gaps} gap${gaps > 1 ? 's' : ''}` : ''}` +
        `${leftOut.length > 0 ? `, ${leftOut.length} implausible left out` : ''}.` +
        (previous && beforeSummary
          ? beforeSummary.count === 0
            ? ` Dashed: nothing was read ${previous.label}.`
            : ` Dashed: the same hours ${previous.label}, from ${formatValue(beforeSummary.minimum!)} to ${formatValue(beforeSummary.maximum!)}.`
          : '') +
        (named
          ? ` Drawn as the spread between the lowest and highest of the ${members} series and their median, with the ${named} furthest from the median named.`
          : '') +
        (band
          ? ` Shaded: the comfort band, ${describeBand(band)}${schedule ? `, in the comfort hours (${schedule.hours.label})` : ''}.`
          : '') +
        ' Choose Table for every reading.';
  return describe;
}

/** One entry of a chart's own legend: a swatch drawn as the chart draws it, and its name. */
function LegendItem({
  swatch,
  children,
}: {
  swatch: { bgcolor: string; height?: number; opacity?: number };
  children: React.ReactNode;
}) {
  return (
    <Typography
      component="li"
      variant="caption"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <Box aria-hidden sx={{ width: 12, height: 3, borderRadius: 1, ...swatch }} />
      {children}
    </Typography>
  );
}

/** A line under a chart saying what a mark in it means: its swatch, then its words. */
function ChartKey({ swatch, children }: { swatch: SxProps<Theme>; children: ReactNode }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}
    >
      <Box
        aria-hidden
        component="span"
        sx={[{ width: 14 }, ...(Array.isArray(swatch) ? swatch : [swatch])]}
      />
      {children}
    </Typography>
  );
}
