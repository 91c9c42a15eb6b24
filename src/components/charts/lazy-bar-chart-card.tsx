import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import type { BarChartCardProps } from './bar-chart-card';

// Charts (recharts) load in their own chunk, after the figures and tables they accompany.
const BarChartCardChunk = lazy(() =>
  import('./bar-chart-card').then((module) => ({ default: module.BarChartCard })),
);

export function LazyBarChartCard(props: BarChartCardProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={(props.height ?? 260) + 64}
          aria-label={`Loading chart: ${props.title}`}
        />
      }
    >
      <BarChartCardChunk {...props} />
    </Suspense>
  );
}
