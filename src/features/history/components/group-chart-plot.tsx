import type { Palette } from '@mui/material/styles';
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
import { formatCompact } from '@/lib/format';
import { dayMs } from '@/shared/rules/site-clock';
import type { BandLimits } from '@/shared/rules/comfort';
import { lineKey, type rowsForDrawing } from '../utils/chart-drawing';
import type { ChartLine, ChartScheme, DrawnLine, PreviousPeriod } from '../utils/chart-lines';
import { timeTicks } from '../utils/time-series';

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

/** Where a band with one side open ends: beyond any reading, so it fills to the chart's edge. */
const openBandEdge = 1e12;

interface ChartDrawingProps {
  data: ReturnType<typeof rowsForDrawing>;
  band: BandLimits | undefined;
  bandHours: ReadonlyArray<{ from: number; to: number }>;
  range: { from: number; to: number };
  timeZone: string;
  period: string | undefined;
  /** How many series the spread stands for, where they are drawn as a band. */
  spreadOf: number | undefined;
  drawnLines: readonly DrawnLine[];
  several: boolean;
  title: string;
  palette: Palette;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}

/*
 * The parts below are called as functions, not rendered as components: recharts reads its
 * chart's direct children.
 */

/**
 * Behind the lines: what "in band" means, so time out of it shows at a glance, in the hours it
 * applies (the site's clock). An open side reaches past the axis, clipped to the chart (never
 * widening it).
 */
function bandAreas({ band, bandHours, palette }: ChartDrawingProps) {
  if (!band) return null;
  return bandHours.map((hours) => (
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
  ));
}

function valueTooltip({ formatTime, formatValue, several, title, palette }: ChartDrawingProps) {
  return (
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
  );
}

function spreadArea({ spreadOf, palette }: ChartDrawingProps) {
  if (spreadOf === undefined) return null;
  return (
    <Area
      name={`Spread of ${spreadOf} series`}
      type="linear"
      dataKey="spread"
      stroke="none"
      fill={palette.text.secondary}
      fillOpacity={0.18}
      isAnimationActive={false}
      connectNulls={false}
      activeDot={false}
    />
  );
}

function seriesLines({ drawnLines, period }: ChartDrawingProps) {
  return drawnLines.map((line) => (
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
  ));
}

/** The chart itself: the band behind, the axes, the spread where lines are banded, the lines. */
export function ChartDrawing(props: ChartDrawingProps) {
  const { data, range, timeZone, period, palette } = props;
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={data}
        margin={{ top: 4, right: 12, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={palette.divider} vertical={false} />
        {bandAreas(props)}
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
        {valueTooltip(props)}
        {spreadArea(props)}
        {seriesLines(props)}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/**
 * What is drawn as a line: every series (and each one's period before, dashed), or for a band
 * its median, the series named, and the period before's median.
 */
export function drawnLinesOf(
  lines: readonly ChartLine[],
  named: readonly ChartLine[] | undefined,
  previous: PreviousPeriod | undefined,
  scheme: ChartScheme,
  palette: Palette,
): DrawnLine[] {
  return named
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
}
