import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import { WhenNear } from '@/components/when-near';
import type { BarChartCardProps } from './bar-chart-card';
import { chartHeight } from './chart-layout';

const loadChartChunk = () => import('./bar-chart-card');

/**
 * Starts loading the charts chunk (recharts) without waiting for a chart to render, so it
 * arrives while the screen's data is still being fetched. For screens whose charts are the
 * point (data quality); the drill-down's charts load as they come near instead.
 */
export function preloadCharts(): void {
  void loadChartChunk();
}

// Charts load in their own chunk, after the figures and tables they accompany.
const BarChartCardChunk = lazy(() =>
  loadChartChunk().then((module) => ({ default: module.BarChartCard })),
);

/**
 * A bar chart in a card, its code in a chunk of its own: a placeholder of the card's height until
 * it is drawn, so nothing below it moves. `draw: 'when-near'` fetches and draws it only once the
 * card comes within a screen of the window (a drill-down page's charts below a phone's first
 * screen, decision 0023); by default at once (a screen of charts, or one already loaded near).
 */
export function LazyBarChartCard({
  draw = 'at-once',
  ...props
}: BarChartCardProps & { draw?: 'at-once' | 'when-near' }) {
  // The card's height: its drawing's (chart-layout.ts) and the title above it.
  const height =
    chartHeight(props.layout ?? 'horizontal', props.data) + (props.layout === 'vertical' ? 44 : 56);
  const chart = (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={height}
          role="status"
          aria-label={`Loading chart: ${props.title}`}
        />
      }
    >
      <BarChartCardChunk {...props} />
    </Suspense>
  );
  if (draw === 'at-once') return chart;
  // Nothing is loading while it waits: a shape, not a status.
  return (
    <WhenNear placeholder={<Skeleton variant="rounded" height={height} aria-hidden />}>
      {chart}
    </WhenNear>
  );
}
