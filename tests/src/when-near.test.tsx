import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';
import { WhenNear } from '@/components/when-near';
import { HandMovedObserver } from './support/hand-moved-observer';

function partBelowTheFold() {
  render(
    <WhenNear placeholder={<p>Charts come as you scroll</p>}>
      <p>The charts</p>
    </WhenNear>,
  );
  return {
    observer: () => HandMovedObserver.instances.at(-1)!,
    placeholder: () => screen.queryByText('Charts come as you scroll'),
    part: () => screen.queryByText('The charts'),
  };
}

describe('A part below the fold', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    HandMovedObserver.instances = [];
  });

  it('shows its placeholder until it comes within a screen of the window, then the part', () => {
    vi.stubGlobal('IntersectionObserver', HandMovedObserver);
    const ui = partBelowTheFold();
    expect(ui.placeholder()).toBeInTheDocument();
    expect(ui.part()).not.toBeInTheDocument();
    // Starts ahead of the edge, not at it.
    expect(ui.observer().options?.rootMargin).toMatch(/^\d+px 0px$/);
    act(() => ui.observer().bringNear(false));
    expect(ui.part()).not.toBeInTheDocument();
    act(() => ui.observer().bringNear());
    expect(ui.part()).toBeInTheDocument();
    expect(ui.placeholder()).not.toBeInTheDocument();
    expect(ui.observer().disconnected).toBe(true);
  });

  it('comes when the page is printed, so a printout does not hold a placeholder', () => {
    vi.stubGlobal('IntersectionObserver', HandMovedObserver);
    const ui = partBelowTheFold();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(ui.part()).toBeInTheDocument();
  });

  it('renders at once where the browser cannot tell (no IntersectionObserver)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const ui = partBelowTheFold();
    expect(ui.part()).toBeInTheDocument();
  });
});

describe("A drill-down page's bar chart below the first screen", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    HandMovedObserver.instances = [];
  });

  const chart = (draw: 'at-once' | 'when-near') =>
    render(
      <LazyBarChartCard
        draw={draw}
        title="Room area by type"
        data={[
          { label: 'Office', value: 120 },
          { label: 'Meeting room', value: 40 },
        ]}
        measure="area"
        valueLabel="Area (m²)"
        categoryLabel="Room type"
        format={String}
      />,
    );

  it('neither loads nor says it is loading until it comes near, then draws its card', async () => {
    vi.stubGlobal('IntersectionObserver', HandMovedObserver);
    chart('when-near');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Room area by type')).not.toBeInTheDocument();
    act(() => HandMovedObserver.instances.at(-1)!.bringNear());
    expect(await screen.findByText('Room area by type')).toBeInTheDocument();
  });

  it('draws at once by default, wherever it is', async () => {
    vi.stubGlobal('IntersectionObserver', HandMovedObserver);
    chart('at-once');
    expect(await screen.findByText('Room area by type')).toBeInTheDocument();
    expect(HandMovedObserver.instances).toHaveLength(0);
  });
});
