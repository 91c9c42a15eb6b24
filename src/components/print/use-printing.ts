import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * When the page started printing, or null on screen. Charts cannot measure the paper (they are
 * laid out at the window's width until the print layout, and a ResizeObserver answers after it),
 * so while printing they draw at widths made for the page: see `printWidths`.
 *
 * Both signals count: `beforeprint`/`afterprint` (Ctrl+P, the Print button) and the `print` media
 * query (a browser or test that switches the medium without the events). The re-render is flushed
 * inside the event, so the print layout that follows already has the page's charts.
 */
let printingSince: number | null = null;
const listeners = new Set<() => void>();
const printMedia = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined;

/** Set while printing turned a dark page light: paper is white whatever the screen's scheme. */
let darkOnScreen = false;

function paperScheme(printing: boolean) {
  const root = document.documentElement;
  if (printing && root.classList.contains('dark')) {
    root.classList.replace('dark', 'light');
    darkOnScreen = true;
  } else if (!printing && darkOnScreen) {
    root.classList.replace('light', 'dark');
    darkOnScreen = false;
  }
}

function setPrinting(next: number | null) {
  if ((next === null) === (printingSince === null)) return;
  printingSince = next;
  paperScheme(next !== null);
  flushSync(() => {
    for (const listener of listeners) listener();
  });
}

const onBeforePrint = () => setPrinting(Date.now());
const onAfterPrint = () => setPrinting(printMedia()?.matches ? printingSince : null);
const onMediaChange = (event: MediaQueryListEvent) =>
  setPrinting(event.matches ? (printingSince ?? Date.now()) : null);

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('beforeprint', onBeforePrint);
    window.addEventListener('afterprint', onAfterPrint);
    printMedia()?.addEventListener('change', onMediaChange);
    // Mounted while already printing (the medium switched before this screen came up).
    if (printMedia()?.matches) queueMicrotask(() => setPrinting(printingSince ?? Date.now()));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('beforeprint', onBeforePrint);
    window.removeEventListener('afterprint', onAfterPrint);
    printMedia()?.removeEventListener('change', onMediaChange);
  };
}

/**
 * The time printing started (epoch ms), or null while the page is on screen. While printing the
 * page is in the light scheme (dark text, light charts) whatever the screen shows; the app's
 * layout subscribes, so every page prints so.
 */
export function usePrinting(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => printingSince,
    () => null,
  );
}

/**
 * Widths in CSS pixels for what the print stylesheet lays out on A4 landscape with 10 mm margins
 * (277 mm of line, 1,047 px at 96 px an inch): a figure in the two-column grid, less its padding.
 * The print stylesheet also lets any chart shrink to its box, so a few pixels off never overflow.
 */
export const printWidths = { halfPageChart: 470 } as const;
