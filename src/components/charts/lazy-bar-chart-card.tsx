import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import type { BarChartCardProps } from './bar-chart-card';

const loadChartChunk = () => import('./bar-chart-card');

/**
 * Starts loading the charts chunk (recharts) without waiting for a chart to render, so it
 * arrives while the screen's data is still being fetched.
 */
export function preloadCharts(): void {
  void loadChartChunk();
}

// Charts load in their own chunk, after the figures and tables they accompany.
const BarChartCardChunk = lazy(() =>
  loadChartChunk().then((module) => ({ default: module.BarChartCard })),
);

export function LazyBarChartCard(props: BarChartCardProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={
            props.layout === 'vertical' ? 324 : Math.max(140, props.data.length * 28 + 64) + 64
          }
          role="status"
          aria-label={`Loading chart: ${props.title}`}
        />
      }
    >
      <BarChartCardChunk {...props} />
    </Suspense>
  );
}
