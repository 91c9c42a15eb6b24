import Box from '@mui/material/Box';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import { printWidths, usePrinting } from '@/components/print/use-printing';
import { histogram } from '@/domain/chart-data';
import type { Spread } from '@/domain/distribution';
import { formatCompact } from '@/lib/format';

export interface DistributionMarker {
  letter: string;
  value: number;
  color: string;
}

export interface DistributionChartProps {
  /** The portfolio's values, ascending. */
  values: readonly number[];
  spread: Spread;
  markers: DistributionMarker[];
  /** The axis title, with its unit. */
  valueLabel: string;
  description: string;
}

/** The chart's height on screen and on paper, in pixels. */
const height = 200;
/** Marker labels stand on this many lines of this height, taken in turn from left to right. */
const labelTiers = 3;
const labelLine = 13;

/** The histogram's steps, values past the 99th percentile folded into the last, and its ends. */
function histogramSteps(values: readonly number[], spread: Spread) {
  const bins = histogram(values, { target: 24, quantile: 0.99 });
  const drawnBins = bins.filter((bin) => !bin.overflow);
  const start = drawnBins[0]?.from ?? spread.min;
  const end = drawnBins.at(-1)?.to ?? spread.max;
  const data = [
    ...drawnBins.map((bin) => ({ x: bin.from, count: bin.value })),
    { x: end, count: drawnBins.at(-1)?.value ?? 0 },
  ];
  return { start, end, data };
}

/**
 * A labelled line per compared building (called as a function: recharts reads its chart's
 * direct children). Neighbours in value stand on different lines, so buildings with close values
 * stay readable; one beyond the drawn range sits at its edge, its label saying so.
 */
function markerLines(markers: readonly DistributionMarker[], start: number, end: number) {
  const tierOf = new Map(
    [...markers]
      .sort((a, b) => a.value - b.value)
      .map((marker, rank) => [marker.letter, rank % labelTiers]),
  );
  return markers.map((marker) => (
    <ReferenceLine
      key={marker.letter}
      x={Math.min(Math.max(marker.value, start), end)}
      stroke={marker.color}
      strokeWidth={2.5}
      label={{
        value: marker.value > end ? `${marker.letter} →` : marker.letter,
        position: 'top',
        offset: 4 + labelLine * (tierOf.get(marker.letter) ?? 0),
        fill: marker.color,
        fontSize: 13,
        fontWeight: 700,
      }}
    />
  ));
}

/** The value axis below, with its unit, and the count of buildings beside (called as a function). */
function histogramAxes(
  palette: ReturnType<typeof useChartScheme>['palette'],
  valueLabel: string,
  start: number,
  end: number,
) {
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  return [
    <XAxis
      key="x"
      dataKey="x"
      type="number"
      domain={[start, end]}
      tick={tick}
      tickFormatter={(value: number) => formatCompact(value)}
      label={{
        value: valueLabel,
        position: 'insideBottom',
        offset: -8,
        fill: palette.text.secondary,
        fontSize: 12,
      }}
    />,
    <YAxis
      key="y"
      tick={tick}
      width={48}
      allowDecimals={false}
      tickFormatter={(value: number) => formatCompact(value)}
      label={{
        value: 'Buildings',
        angle: -90,
        position: 'insideLeft',
        fill: palette.text.secondary,
        fontSize: 12,
        style: { textAnchor: 'middle' },
      }}
    />,
  ];
}

/**
 * The portfolio's distribution of one measure as a step histogram (values past the 99th percentile
 * folded into the last step), its interquartile range shaded, and a labelled line per compared
 * building (a building beyond the drawn range sits at its edge, its label saying so).
 */
export function DistributionChart({
  values,
  spread,
  markers,
  valueLabel,
  description,
}: DistributionChartProps) {
  const { palette } = useChartScheme();
  const { start, end, data } = histogramSteps(values, spread);
  // On paper the chart is drawn for its half of the page, not for the window it was opened in.
  const printing = usePrinting() !== null;
  const chart = (
    <ComposedChart
      data={data}
      {...(printing ? { width: printWidths.halfPageChart, height } : {})}
      margin={{ top: 8 + labelLine * labelTiers, right: 16, bottom: 16, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke={palette.divider} vertical={false} />
      {histogramAxes(palette, valueLabel, start, end)}
      <ReferenceArea
        x1={Math.max(spread.q1, start)}
        x2={Math.min(spread.q3, end)}
        fill={palette.text.secondary}
        fillOpacity={0.12}
        ifOverflow="hidden"
      />
      <Area
        type="stepAfter"
        dataKey="count"
        stroke={palette.text.secondary}
        fill={palette.text.secondary}
        fillOpacity={0.25}
        isAnimationActive={false}
      />
      <ReferenceLine
        x={Math.min(Math.max(spread.median, start), end)}
        stroke={palette.text.primary}
        strokeDasharray="4 3"
      />
      {markerLines(markers, start, end)}
    </ComposedChart>
  );
  return (
    <Box role="img" aria-label={description} sx={{ height }}>
      {printing ? (
        chart
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      )}
    </Box>
  );
}
