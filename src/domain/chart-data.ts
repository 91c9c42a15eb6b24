/** Chart shapes that hold from 1 to 10,000 items: top N with the rest as words, and histograms. */

export interface TopN {
  bars: Array<{ label: string; value: number }>;
  /** What the bars leave out: how many items, and their sum. */
  rest: { count: number; total: number };
}

export function topN<T>(
  items: readonly T[],
  valueOf: (item: T) => number,
  labelOf: (item: T) => string,
  n: number,
): TopN {
  const sorted = [...items].sort((a, b) => valueOf(b) - valueOf(a));
  const rest = sorted.slice(n);
  return {
    bars: sorted.slice(0, n).map((item) => ({ label: labelOf(item), value: valueOf(item) })),
    rest: { count: rest.length, total: rest.reduce((sum, item) => sum + valueOf(item), 0) },
  };
}

/** 1, 2 or 5 times a power of ten: the step a person would choose for about `target` bins. */
export function niceStep(range: number, target = 10, integer = false): number {
  if (range <= 0) return 1;
  const raw = range / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!;
  return integer ? Math.max(1, Math.round(step)) : step;
}

export interface Bin {
  label: string;
  from: number;
  to: number;
  value: number;
  /** The last bin holding everything past the quantile ("… or more"). */
  overflow?: boolean;
}

/**
 * Counts per bin of equal, round width from 0 (or the smallest value, if negative). The bins span
 * the values up to the 99th percentile; a few far outliers (one 200-floor tower among 10,000
 * buildings) go into a last "at least" bin instead of squeezing everyone else into the first.
 * Integers get whole-number bins ("3–4" or "3").
 */
export function histogram(
  values: readonly number[],
  options: {
    integer?: boolean;
    format?: (value: number) => string;
    target?: number;
    /** Values above this quantile share the last bin (1: no such bin). */
    quantile?: number;
  } = {},
): Bin[] {
  if (values.length === 0) return [];
  const integer = options.integer ?? false;
  const format = options.format ?? ((value: number) => String(value));
  const sorted = [...values].sort((a, b) => a - b);
  const min = Math.min(0, sorted[0]!);
  const top = sorted.at(-1)!;
  const cut =
    sorted[Math.min(sorted.length - 1, Math.floor((options.quantile ?? 0.99) * sorted.length))]!;
  const max = cut < top && cut > min ? cut : top;
  const step = niceStep(max - min, options.target ?? 10, integer);
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins: Bin[] = Array.from({ length: count }, (_, index) => {
    const from = start + index * step;
    const to = from + step;
    const label = integer
      ? step === 1
        ? format(from)
        : `${format(from)}–${format(to - 1)}`
      : `${format(from)}–${format(to)}`;
    return { label, from, to, value: 0 };
  });
  const overflow: Bin | undefined =
    max < top
      ? {
          label: `${format(start + count * step)} or more`,
          from: start + count * step,
          to: top,
          value: 0,
          overflow: true,
        }
      : undefined;
  for (const value of values) {
    const index = Math.floor((value - start) / step);
    if (overflow && index >= count) overflow.value += 1;
    else bins[Math.min(count - 1, index)]!.value += 1;
  }
  return overflow && overflow.value > 0 ? [...bins, overflow] : bins;
}
