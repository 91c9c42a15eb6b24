import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from '@/components/when-near';

/** A hand-moved IntersectionObserver: the test says when the part comes near the window. */
class HandMovedObserver {
  static instances: HandMovedObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    HandMovedObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  bringNear(isIntersecting = true) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
}

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
