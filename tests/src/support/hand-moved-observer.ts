import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A hand-moved IntersectionObserver (jsdom has none): stubbed in with `vi.stubGlobal`, it lets a
 * test say when a part comes near the window, and which observer watches what.
 */
export class HandMovedObserver {
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
  unobserve(target: Element) {
    this.targets.splice(this.targets.indexOf(target), 1);
  }
  disconnect() {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  bringNear(isIntersecting = true) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
  /** The observer watching the element `matches` picks (the newest first). */
  static watching(matches: (target: Element) => boolean): HandMovedObserver | undefined {
    return [...HandMovedObserver.instances]
      .reverse()
      .find((observer) => !observer.disconnected && observer.targets.some(matches));
  }
}

/**
 * For the tests of a describe block that read a page at its top: everything that waits until near
 * (charts, histories below the first screen) stays unreached, as on a phone nobody scrolls. Without
 * it jsdom, which has no IntersectionObserver, draws them all (useNear), seconds a page.
 */
export function leaveBelowTheFoldUnreached(): void {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', HandMovedObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    HandMovedObserver.instances = [];
  });
}
