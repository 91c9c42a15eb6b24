import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ViewToggle } from './view-toggle';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { measurePalette, type Measure } from './measure-palette';
import { useChartScheme } from './use-chart-scheme';
import { chartHeight, labelLineHeight, labelLines } from './chart-layout';

export interface BarDatum {
  label: string;
  /** null: nothing to draw for this category (a day without a whole day of readings), a gap. */
  value: number | null;
}

export interface BarChartCardProps {
  title: string;
  description?: string | undefined;
  data: BarDatum[];
  /** What the bars measure: decides their colour, the same on every screen. */
  measure: Measure;
  /** The value axis' title, with its unit once (e.g. "Area (m²)", "Buildings"). */
  valueLabel: string;
  /** The category axis' title and the table's first column (e.g. "Building", "Floors"). */
  categoryLabel: string;
  /** Exact values (tooltip, table). */
  format: (value: number) => string;
  /** Axis ticks: short, without the unit (the axis title has it). */
  tickFormat?: ((value: number) => string) | undefined;
  /** Counts: whole-number ticks only. */
  integer?: boolean | undefined;
  /** `horizontal`: named categories as rows, every label readable; `vertical`: histograms. */
  layout?: 'horizontal' | 'vertical' | undefined;
  /** A line under the chart, e.g. what a "top N" leaves out. */
  footnote?: string | undefined;
  /**
   * Chart or table, when one switch above several cards decides for all (one pair of Tab stops
   * instead of one per card); without it each card has its own switch.
   */
  view?: 'chart' | 'table' | undefined;
}

/** A category label in up to two lines, the whole name in a tooltip (SVG <title>): never dropped. */
function CategoryTick(props: {
  x?: number;
  y?: number;
  payload?: { value: string };
  fill?: string;
}) {
  const full = String(props.payload?.value ?? '');
  const lines = labelLines(full);
  // Centred on the bar: the first line half the block above its middle.
  const firstDy = 4 - ((lines.length - 1) * labelLineHeight) / 2;
  return (
    <text x={props.x} y={props.y} textAnchor="end" fontSize={12} fill={props.fill}>
      <title>{full}</title>
      {lines.map((line, index) => (
        <tspan key={index} x={props.x} dy={index === 0 ? firstDy : labelLineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * One measure per chart, with an accessible name and a table alternative (the same numbers for
 * screen readers, keyboard users and anyone who wants them exact). Named categories are drawn as
 * horizontal bars so every name is readable; distributions as vertical bars.
 */
export function BarChartCard(props: BarChartCardProps) {
  const { title, description, footnote, view: sharedView } = props;
  const [ownView, setView] = useState<'chart' | 'table'>('chart');
  const view = sharedView ?? ownView;
  const titleId = useId();
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ p: 2, m: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="figcaption">
          {title}
        </Typography>
        {sharedView ? null : (
          <ViewToggle label={`${title}: view as`} value={view} onChange={setView} />
        )}
      </Stack>
      {description ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {description}
        </Typography>
      ) : null}
      {view === 'chart' ? <BarsDrawing {...props} /> : <BarsTable {...props} />}
      {footnote ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {footnote}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** An axis's title: below the axis, or beside it turned upright. */
const axisTitleOf = (value: string, position: 'insideBottom' | 'insideLeft', fill: string) => ({
  value,
  position,
  fill,
  fontSize: 12,
  ...(position === 'insideLeft' ? { angle: -90, style: { textAnchor: 'middle' as const } } : {}),
});

/** The bars: named categories as rows, every name readable; a distribution as columns. */
function BarsDrawing({
  title,
  data,
  measure,
  valueLabel,
  categoryLabel,
  format,
  tickFormat = format,
  integer = false,
  layout = 'horizontal',
}: BarChartCardProps) {
  const { scheme, palette } = useChartScheme();
  const color = measurePalette[measure][scheme];
  const horizontal = layout === 'horizontal';
  const height = chartHeight(layout, data);
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  const axisTitle = (value: string, position: 'insideBottom' | 'insideLeft') =>
    axisTitleOf(value, position, palette.text.secondary);
  const valueAxis = {
    type: 'number' as const,
    tick,
    tickFormatter: (value: number) => tickFormat(value),
    allowDecimals: !integer,
  };
  return (
    <div
      role="img"
      aria-label={`${title}: ${data.length} bars of ${valueLabel}. Choose Table for the numbers.`}
      style={{ width: '100%', height }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 4, left: horizontal ? 8 : 24 }}
        >
          <CartesianGrid
            strokeDasharray="3 3"
            stroke={palette.divider}
            vertical={horizontal}
            horizontal={!horizontal}
          />
          {horizontal ? (
            <>
              <XAxis {...valueAxis} height={44} label={axisTitle(valueLabel, 'insideBottom')} />
              <YAxis
                type="category"
                dataKey="label"
                width={210}
                interval={0}
                tick={<CategoryTick fill={palette.text.secondary} />}
              />
            </>
          ) : (
            <>
              <XAxis
                type="category"
                dataKey="label"
                tick={tick}
                interval="preserveStartEnd"
                height={44}
                label={axisTitle(categoryLabel, 'insideBottom')}
              />
              <YAxis {...valueAxis} width={56} label={axisTitle(valueLabel, 'insideLeft')} />
            </>
          )}
          <Tooltip
            formatter={(value) => [format(Number(value)), valueLabel]}
            contentStyle={{ background: palette.background.paper, color: palette.text.primary }}
            cursor={{ fill: palette.action.hover }}
          />
          <Bar dataKey="value" name={valueLabel} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The same numbers as a table: exact, for screen readers, keyboards and anyone who asks. */
function BarsTable({ title, data, valueLabel, categoryLabel, format }: BarChartCardProps) {
  return (
    <Table size="small" aria-label={title}>
      <TableHead>
        <TableRow>
          <TableCell>{categoryLabel}</TableCell>
          <TableCell align="right">{valueLabel}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row, index) => (
          <TableRow key={`${row.label}-${index}`}>
            <TableCell>{row.label}</TableCell>
            <TableCell align="right">{row.value === null ? '—' : format(row.value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
