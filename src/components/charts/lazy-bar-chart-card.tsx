import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import type { BarChartCardProps } from './bar-chart-card';
import { chartHeight } from './chart-layout';

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
          // The card's height: its drawing's (chart-layout.ts) and the title above it.
          height={
            chartHeight(props.layout ?? 'horizontal', props.data) +
            (props.layout === 'vertical' ? 44 : 56)
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
