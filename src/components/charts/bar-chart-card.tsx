import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  format: (value: number) => string;
  /** A series of another unit or scale (a count beside an area) gets its own axis on the right. */
  axis?: 'left' | 'right';
}

export interface BarChartCardProps {
  title: string;
  description?: string;
  data: Array<{ label: string } & Record<string, number | string>>;
  series: ChartSeries[];
  height?: number;
}

/**
 * A bar chart with an accessible name and a table alternative: the table shows the same numbers
 * for screen readers, keyboard users and anyone who wants exact figures.
 */
export function BarChartCard({
  title,
  description,
  data,
  series,
  height = 260,
}: BarChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const theme = useTheme<
    Theme & { colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>> }
  >();
  // SVG needs concrete colours; with CSS-variable themes theme.palette is the light scheme's.
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light';
  const palette = theme.colorSchemes?.[scheme]?.palette ?? theme.palette;
  const titleId = useId();
  const rightSeries = series.find((item) => item.axis === 'right');
  const colors = [palette.primary.main, palette.secondary.main, palette.success.main];
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ p: 2, m: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="figcaption">
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: 'chart' | 'table' | null) => next && setView(next)}
          aria-label={`${title}: view as`}
        >
          <ToggleButton value="chart">Chart</ToggleButton>
          <ToggleButton value="table">Table</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {description ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {description}
        </Typography>
      ) : null}
      {view === 'chart' ? (
        <div
          role="img"
          aria-label={`${title}. ${data.length} bars. Choose Table for the numbers.`}
          style={{ width: '100%', height }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
              <XAxis
                dataKey="label"
                tick={{ fill: palette.text.secondary, fontSize: 11 }}
                interval="preserveStartEnd"
              />
              <YAxis
                yAxisId="left"
                tick={{ fill: palette.text.secondary, fontSize: 11 }}
                tickFormatter={(value: number) => series[0]?.format(value) ?? String(value)}
                width={72}
              />
              {rightSeries ? (
                <YAxis
                  yAxisId="right"
                  orientation="right"
                  tick={{ fill: palette.text.secondary, fontSize: 11 }}
                  tickFormatter={(value: number) => rightSeries.format(value)}
                  width={56}
                />
              ) : null}
              <Tooltip
                formatter={(value, name) => {
                  const match = series.find((item) => item.name === name);
                  return match ? match.format(Number(value)) : String(value);
                }}
                contentStyle={{
                  background: palette.background.paper,
                  color: palette.text.primary,
                }}
              />
              {series.length > 1 ? <Legend /> : null}
              {series.map((item, index) => (
                <Bar
                  key={item.key}
                  yAxisId={item.axis ?? 'left'}
                  dataKey={item.key}
                  name={item.name}
                  fill={colors[index % colors.length]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              {series.map((item) => (
                <TableCell key={item.key} align="right">
                  {item.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row, index) => (
              <TableRow key={`${row.label}-${index}`}>
                <TableCell>{row.label}</TableCell>
                {series.map((item) => (
                  <TableCell key={item.key} align="right">
                    {item.format(Number(row[item.key] ?? 0))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
