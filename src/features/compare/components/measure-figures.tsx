import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ViewToggle } from '@/components/charts/view-toggle';
import { Suspense, lazy, useId, useState } from 'react';
import { seriesColor } from '@/components/charts/measure-palette';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import type { Spread } from '@/domain/distribution';
import { displayName, formatCount, groupKey } from '@/lib/format';
import {
  formatPercentile,
  type ComparedBuilding,
  type Comparison,
  type MeasureComparison,
} from '../utils/comparison';
import { formatMeasure } from '../utils/format-measure';

const DistributionChart = lazy(() =>
  import('./distribution-chart').then((module) => ({ default: module.DistributionChart })),
);

function describeSpread(comparison: MeasureComparison, spread: Spread | undefined): string {
  const { measure } = comparison;
  if (!spread) return 'not available';
  return `${formatMeasure(measure, spread.median)} (middle half ${formatMeasure(measure, spread.q1)}–${formatMeasure(measure, spread.q3)}, ${formatCount(spread.count)} buildings)`;
}

function MeasureTable({
  comparison,
  compared,
}: {
  comparison: MeasureComparison;
  compared: ComparedBuilding[];
}) {
  const { measure } = comparison;
  return (
    <Table size="small" aria-label={`${measure.label} against the portfolio`}>
      <TableHead>
        <TableRow>
          <TableCell>Building</TableCell>
          <TableCell align="right">
            {measure.label} ({measure.unit})
          </TableCell>
          <TableCell>In the portfolio</TableCell>
          <TableCell>Median of its organization</TableCell>
          <TableCell>Median of its site</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {compared.map(({ building, letter, values }) => {
          const value = values[measure.id];
          return (
            <TableRow key={building.id}>
              <TableCell component="th" scope="row">
                {letter} · {displayName(building.name)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {value.ok ? formatMeasure(measure, value.value) : `not available: ${value.reason}`}
              </TableCell>
              <TableCell>
                {value.percentile !== undefined ? formatPercentile(value.percentile) : '—'}
                {value.doubts.length > 0 ? ' (in doubt)' : ''}
              </TableCell>
              <TableCell>
                {describeSpread(
                  comparison,
                  comparison.byOrganization.get(groupKey(building.organizationId)),
                )}
              </TableCell>
              <TableCell>
                {describeSpread(comparison, comparison.bySite.get(groupKey(building.siteId)))}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function MeasureFigure({
  comparison,
  compared,
}: {
  comparison: MeasureComparison;
  compared: ComparedBuilding[];
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { scheme } = useChartScheme();
  const titleId = useId();
  const { measure, spread } = comparison;
  const markers = compared.flatMap(({ letter, values }, index) => {
    const value = values[measure.id];
    return value.ok ? [{ letter, value: value.value, color: seriesColor(scheme, index) }] : [];
  });
  const left = [
    comparison.notComputable > 0
      ? `${formatCount(comparison.notComputable)} without the inputs`
      : undefined,
    comparison.inDoubt > 0
      ? `${formatCount(comparison.inDoubt)} whose inputs have data errors or warnings`
      : undefined,
  ].filter(Boolean);
  const description = spread
    ? `${measure.label} across ${formatCount(spread.count)} buildings: median ${formatMeasure(measure, spread.median)}, middle half ${formatMeasure(measure, spread.q1)} to ${formatMeasure(measure, spread.q3)}. ` +
      markers
        .map((marker) => `${marker.letter} at ${formatMeasure(measure, marker.value)}`)
        .join(', ') +
      '. Choose Table for the exact figures.'
    : `${measure.label}: no building in the portfolio has the inputs.`;
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-labelledby={titleId}
      sx={{ p: 2, m: 0 }}
      className="storey-keep-together"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id={titleId} variant="subtitle1" component="figcaption">
          {measure.label}
        </Typography>
        <ViewToggle
          label={`${measure.label}: view as`}
          value={view}
          onChange={setView}
          className="storey-no-print"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {measure.explanation} Portfolio: {describeSpread(comparison, spread)}
        {left.length > 0 ? `; left out: ${left.join(', ')}` : ''}.
      </Typography>
      {view === 'chart' && spread ? (
        <Suspense
          fallback={
            <Skeleton variant="rounded" height={200} role="status" aria-label="Loading the chart" />
          }
        >
          <DistributionChart
            values={comparison.values}
            spread={spread}
            markers={markers}
            valueLabel={`${measure.label} (${measure.unit})`}
            description={description}
          />
        </Suspense>
      ) : (
        <MeasureTable comparison={comparison} compared={compared} />
      )}
    </Paper>
  );
}

/** One figure per measure: the portfolio's distribution with the compared buildings on it. */
export function MeasureFigures({ comparison }: { comparison: Comparison }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        '@media print': { gridTemplateColumns: '1fr 1fr' },
      }}
    >
      {comparison.measures.map((measure) => (
        <MeasureFigure
          key={measure.measure.id}
          comparison={measure}
          compared={comparison.compared}
        />
      ))}
    </Box>
  );
}
