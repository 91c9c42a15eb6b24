import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './support/msw-server';
import { resetScenarioState } from './support/scenarios';

// Unmocked requests are errors: a component test never reaches a network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetScenarioState();
  localStorage.clear();
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
