import { WhenNear } from '@/components/when-near';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Palette, SxProps, Theme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { seriesColor } from '@/components/charts/measure-palette';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import { consumptionPerPeriod, consumptionPeriod } from '@/domain/meter-consumption';
import { splitImplausible } from '@/domain/plausible-readings';
import { groupByKindAndUnit, type NamedSeries, type SeriesGroup } from '@/domain/series-groups';
import { formatCompact } from '@/lib/format';
import { bandForDrawing, lineKey, rowsForDrawing } from '../utils/chart-drawing';
import { summarize, timeTicks, type MeasurementSeries } from '../utils/time-series';
import { dayMs } from '@/shared/rules/site-clock';
import {
  comfortIntervals,
  describeBand,
  type BandLimits,
  type ComfortBands,
  type ComfortSchedule,
} from '@/shared/rules/comfort';
import { displayUnit } from '@/shared/rules/measurement-kinds';

/**
 * Points drawn per line at most: about one per pixel of a wide chart, whatever the range. A chart
 * draws at most `maxLinesDrawn` series (and their periods before), so this bounds its points too.
 */
export const maxDrawnPoints = 800;

/**
 * Lines a chart draws one by one at most. Beyond this (a floor's rooms), a chart draws their
 * spread and median and names the `namedInBand` furthest from it: a hundred lines in six colours
 * cannot be told apart, and drawing them took seconds (issue #28).
 */
export const maxLinesDrawn = 8;
export const namedInBand = 4;

export interface HistoryChartsProps {
  series: MeasurementSeries[];
  /** What each series measures, in which unit, from which source (by series id). */
  names: NamedSeries[];
  range: { from: number; to: number };
  /**
   * The period before, drawn dashed over this one: its readings moved forward by `shiftMs` (a
   * day, or whole weeks, so weekdays and hours lie over each other); `label` says how far back.
   */
  previous?: { series: MeasurementSeries[]; shiftMs: number; label: string } | undefined;
  /** The comfort bands (the server's settings): a banded kind's chart shades its band. */
  bands?: Partial<ComfortBands> | undefined;
  /** When the bands apply, on the site's clock: the band is shaded in those hours only. */
  schedule?: ComfortSchedule | undefined;
  /** The panel's clock (the site's): ticks fall on its whole hours and midnights. */
  timeZone: string;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}

/** A series' readings moved forward in time, to lie over the period after theirs. */
const shifted = (points: readonly { time: number; value: number }[], shiftMs: number) =>
  points.map((point) => ({ time: point.time + shiftMs, value: point.value }));

function tickFormatter(range: { from: number; to: number }, timeZone: string) {
  const span = range.to - range.from;
  // Ticks sit on whole hours for a day's range and on midnights beyond (timeTicks).
  const format = new Intl.DateTimeFormat(undefined, {
    timeZone,
    ...(span <= 2 * dayMs
      ? { hour: '2-digit', minute: '2-digit' }
      : span <= 10 * dayMs
        ? { weekday: 'short', day: 'numeric' }
        : { day: 'numeric', month: 'short' }),
  });
  return (time: number) => format.format(time);
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

function GroupChart({
  group,
  seriesById,
  previousById,
  previous,
  scheme,
  range,
  palette,
  band,
  schedule,
  timeZone,
  formatValue,
  formatTime,
}: {
  band: BandLimits | undefined;
  schedule: ComfortSchedule | undefined;
  timeZone: string;
  group: SeriesGroup;
  seriesById: Map<string, MeasurementSeries>;
  previousById: Map<string, MeasurementSeries> | undefined;
  previous: HistoryChartsProps['previous'];
  scheme: ReturnType<typeof useChartScheme>['scheme'];
  range: { from: number; to: number };
  palette: Palette;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}) {
  const { kind, members } = group;
  // A cumulative meter is drawn as use per hour, day, week or month, not as its running total.
  const period = kind?.cumulative ? consumptionPeriod(range) : undefined;
  const lines = useMemo(
    () =>
      members.map((member) => {
        // Implausible readings stay off the axis (listed below it).
        const split = splitImplausible(seriesById.get(member.id)?.points ?? [], kind ?? {});
        // The period before, worked out the same way and moved over this one.
        const before = previousById
          ? splitImplausible(previousById.get(member.id)?.points ?? [], kind ?? {}).kept
          : undefined;
        return {
          member,
          shown: period ? consumptionPerPeriod(split.kept, period) : split.kept,
          implausible: split.implausible,
          before: before
            ? shifted(period ? consumptionPerPeriod(before, period) : before, previous!.shiftMs)
            : undefined,
        };
      }),
    [members, seriesById, previousById, previous, kind, period],
  );
  const banded = lines.length > maxLinesDrawn;
  const { data, named } = useMemo(() => {
    const drawn = [
      ...lines.map((line) => line.shown),
      ...lines.flatMap((line) => (line.before ? [line.before] : [])),
    ];
    if (!banded)
      return {
        data: rowsForDrawing(drawn, range, maxDrawnPoints),
        named: undefined,
      };
    const band = bandForDrawing(drawn, lines.length, range, maxDrawnPoints, namedInBand);
    return { data: band.rows, named: band.named.map((index) => lines[index]!) };
  }, [lines, range, banded]);
  const beforeSummary = useMemo(
    () =>
      previous ? summarize(lines.flatMap((line) => (line.before ? [line.before] : []))) : undefined,
    [lines, previous],
  );
  const summary = useMemo(() => summarize(lines.map((line) => line.shown)), [lines]);
  // Where the band applies: the comfort hours within the range, or all of it without a schedule.
  const bandHours = useMemo(
    () => (!band ? [] : schedule ? comfortIntervals(range, schedule) : [range]),
    [band, schedule, range],
  );
  const gaps = summary.gaps;
  // What is drawn as a line: every series (and each one's period before, dashed), or for a band
  // its median, the series named, and the period before's median.
  const drawnLines: Array<{
    key: string;
    name: string;
    dataKey: string;
    stroke: string;
    width?: number;
    dashed?: boolean;
  }> = named
    ? [
        {
          key: 'median',
          name: `Median of ${lines.length} series`,
          dataKey: 'median',
          stroke: palette.text.primary,
          width: 2,
        },
        ...named.map((line, index) => ({
          key: line.member.id,
          name: line.member.source,
          dataKey: lineKey(index),
          stroke: seriesColor(scheme, index),
        })),
        ...(previous
          ? [
              {
                key: 'before',
                name: `Median, ${previous.label}`,
                dataKey: 'before',
                stroke: palette.text.primary,
                dashed: true,
              },
            ]
          : []),
      ]
    : [
        ...lines.map((line, index) => ({
          key: line.member.id,
          name: line.member.source,
          dataKey: lineKey(index),
          stroke: seriesColor(scheme, index),
        })),
        ...lines.flatMap((line, index) =>
          line.before
            ? [
                {
                  key: `${line.member.id}-before`,
                  name: `${line.member.source}, ${previous!.label}`,
                  dataKey: lineKey(lines.length + index),
                  stroke: seriesColor(scheme, index),
                  dashed: true,
                },
              ]
            : [],
        ),
      ];
  const title = period ? `${group.title}, use per ${period}` : group.title;
  const several = members.length > 1;
  const leftOut = lines.flatMap((line) =>
    line.implausible.map((point) => ({ point, source: line.member.source })),
  );
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  const describe =
    summary.count === 0
      ? `${title}: no readings in this range.`
      : `${title}: ${several ? `${members.length} series, ` : ''}${summary.count} ${period ? `${period}s` : 'readings'} from ${formatValue(summary.minimum!)} to ${formatValue(summary.maximum!)}` +
        `${gaps > 0 ? `, ${gaps} gap${gaps > 1 ? 's' : ''}` : ''}` +
        `${leftOut.length > 0 ? `, ${leftOut.length} implausible left out` : ''}.` +
        (previous && beforeSummary
          ? beforeSummary.count === 0
            ? ` Dashed: nothing was read ${previous.label}.`
            : ` Dashed: the same hours ${previous.label}, from ${formatValue(beforeSummary.minimum!)} to ${formatValue(beforeSummary.maximum!)}.`
          : '') +
        (named
          ? ` Drawn as the spread between the lowest and highest of the ${members.length} series and their median, with the ${named.length} furthest from the median named.`
          : '') +
        (band
          ? ` Shaded: the comfort band, ${describeBand(band)}${schedule ? `, in the comfort hours (${schedule.hours.label})` : ''}.`
          : '') +
        ' Choose Table for every reading.';
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0 }}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {title}
        {several || !members[0]!.source || members[0]!.source === title ? null : (
          // Which sensor: its device's name, not the measurement's id (the walk found raw ids
          // in the titles); the id stays in the table and the CSV.
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {members[0]!.source}
          </Typography>
        )}
      </Typography>
      <Box role="img" aria-label={describe} sx={{ height: 180 }}>
        {/* Drawn as it comes near: a floor has a chart per kind, thousands of pixels of them. */}
        <WhenNear placeholder={null}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart
              data={data}
              margin={{ top: 4, right: 12, bottom: 4, left: 0 }}
              accessibilityLayer={false}
            >
              <CartesianGrid stroke={palette.divider} vertical={false} />
              {band
                ? // Behind the lines: what "in band" means, so time out of it shows at a glance,
                  // in the hours it applies (the site's clock). An open side reaches past the axis,
                  // clipped to the chart (never widening it).
                  bandHours.map((hours) => (
                    <ReferenceArea
                      key={hours.from}
                      x1={hours.from}
                      x2={hours.to}
                      y1={band.low ?? -openBandEdge}
                      y2={band.high ?? openBandEdge}
                      fill={palette.success.main}
                      fillOpacity={0.1}
                      stroke="none"
                      ifOverflow="hidden"
                    />
                  ))
                : null}
              <XAxis
                dataKey="time"
                type="number"
                scale="time"
                domain={[range.from, range.to]}
                ticks={timeTicks(range, timeZone)}
                tickFormatter={tickFormatter(range, timeZone)}
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
                formatter={(value, name) => [
                  // The band's spread is a pair: lowest and highest.
                  Array.isArray(value)
                    ? `${formatValue(Number(value[0]))} to ${formatValue(Number(value[1]))}`
                    : formatValue(Number(value)),
                  several ? name : title,
                ]}
                contentStyle={{
                  background: palette.background.paper,
                  borderColor: palette.divider,
                }}
                labelStyle={{ color: palette.text.primary }}
              />
              {named ? (
                <Area
                  name={`Spread of ${lines.length} series`}
                  type="linear"
                  dataKey="spread"
                  stroke="none"
                  fill={palette.text.secondary}
                  fillOpacity={0.18}
                  isAnimationActive={false}
                  connectNulls={false}
                  activeDot={false}
                />
              ) : null}
              {drawnLines.map((line) => (
                <Line
                  key={line.key}
                  name={line.name}
                  type={period ? 'stepAfter' : 'linear'}
                  dataKey={line.dataKey}
                  stroke={line.stroke}
                  strokeWidth={line.width ?? 1.5}
                  {...(line.dashed ? { strokeDasharray: '4 3', strokeOpacity: 0.7 } : {})}
                  dot={false}
                  isAnimationActive={false}
                  connectNulls={false}
                />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        </WhenNear>
      </Box>
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
    </Paper>
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

/** Where a band with one side open ends: beyond any reading, so it fills to the chart's edge. */
const openBandEdge = 1e12;

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
