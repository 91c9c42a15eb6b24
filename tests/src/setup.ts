import '@testing-library/jest-dom/vitest';
// eslint-disable-next-line testing-library/no-manual-cleanup -- called before the style cleanup below, in that order
import { cleanup, configure } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from '@/app/router';
import { compareSelection } from '@/stores/compare-selection';
import { server } from './support/msw-server';
import { resetScenarioState } from './support/scenarios';

/**
 * How long findBy* and waitFor wait, deliberately: an answer from msw and a render take well under
 * a second, but on a loaded 2-core machine a first render of 10,000 rows or of MUI's first
 * styles can take a few. Longer than that is a bug worth failing on. `npm run test:under-load`
 * gives its quiet run a quarter of it (STOREY_WAIT_LIMIT_MS): a wait that needs more passes only
 * while the machine is quiet, as a test over a quarter of its timeout does (issue #57).
 */
configure({ asyncUtilTimeout: Number(process.env.STOREY_WAIT_LIMIT_MS ?? 5000) });

/** Every lazy route's module, loaded before the tests: a test waits for data, never for Vite. */
async function preloadRoutes(tree: RouteObject[]): Promise<void> {
  await Promise.all(
    tree.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      // eslint-disable-next-line testing-library/no-node-access -- a route's children, not the DOM's
      if (route.children) await preloadRoutes(route.children);
    }),
  );
}

// jsdom draws nothing and cannot scroll; React Router's scroll restoration calls this.
window.scrollTo = () => undefined;

// Unmocked requests are errors: a component test never reaches a network.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await preloadRoutes(createRoutes(new QueryClient()));
}, 60_000);
afterEach(() => {
  cleanup();
  // Every render makes its own emotion cache, which inserts MUI's styles again; left in <head>
  // they pile up test after test (thousands of <style> elements by the end of a file), and every
  // role query's getComputedStyle walks them all: the tests late in a file were 5-10x slower.
  // eslint-disable-next-line testing-library/no-node-access -- <head>, which no test reads
  for (const style of document.head.querySelectorAll('style[data-emotion]')) style.remove();
  server.resetHandlers();
  resetScenarioState();
  compareSelection.clear();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

// jsdom lacks these; MUI and recharts ask for them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// jsdom lays nothing out, so every box measures 0 × 0 and a virtualized list would show no rows.
// A desktop-sized box lets the buildings table render its first window of rows as in a browser.
for (const [property, size] of [
  ['clientWidth', 1200],
  ['clientHeight', 800],
] as const) {
  Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => size });
}
