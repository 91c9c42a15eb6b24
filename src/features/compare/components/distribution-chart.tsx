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
  const bins = histogram(values, { target: 24, quantile: 0.99 });
  const drawnBins = bins.filter((bin) => !bin.overflow);
  const start = drawnBins[0]?.from ?? spread.min;
  const end = drawnBins.at(-1)?.to ?? spread.max;
  const data = [
    ...drawnBins.map((bin) => ({ x: bin.from, count: bin.value })),
    { x: end, count: drawnBins.at(-1)?.value ?? 0 },
  ];
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  return (
    <Box role="img" aria-label={description} sx={{ height: 200 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={data}
          margin={{ top: 32, right: 16, bottom: 16, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={palette.divider} vertical={false} />
          <XAxis
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
          />
          <YAxis
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
          />
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
          {markers.map((marker, index) => {
            const beyond = marker.value > end;
            return (
              <ReferenceLine
                key={marker.letter}
                x={Math.min(Math.max(marker.value, start), end)}
                stroke={marker.color}
                strokeWidth={2.5}
                label={{
                  value: beyond ? `${marker.letter} →` : marker.letter,
                  position: 'top',
                  // Every other label a line higher, so buildings with close values stay readable.
                  offset: index % 2 === 0 ? 4 : 17,
                  fill: marker.color,
                  fontSize: 13,
                  fontWeight: 700,
                }}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
