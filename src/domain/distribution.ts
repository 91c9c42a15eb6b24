/**
 * Where a value stands in a portfolio: quantiles (linear interpolation between closest ranks, the
 * spreadsheet's QUARTILE.INC), the median and interquartile range, and a value's percentile rank.
 */
export interface Spread {
  count: number;
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
}

/** The q-quantile (0 ≤ q ≤ 1) of values sorted ascending. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * Math.min(Math.max(q, 0), 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export function ascending(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/** Median, quartiles and extremes; undefined for no values. */
export function spreadOf(values: readonly number[]): Spread | undefined {
  const sorted = ascending(values);
  if (sorted.length === 0) return undefined;
  return {
    count: sorted.length,
    median: quantileSorted(sorted, 0.5),
    q1: quantileSorted(sorted, 0.25),
    q3: quantileSorted(sorted, 0.75),
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

/**
 * The share of the portfolio at or below `value`, as a percentile from 0 to 100 (ties count half,
 * so the middle of a run of equal values is its 50th percentile, not its top).
 */
export function percentileRank(sorted: readonly number[], value: number): number {
  if (sorted.length === 0) return Number.NaN;
  let below = 0;
  let equal = 0;
  for (const item of sorted) {
    if (item < value) below++;
    else if (item === value) equal++;
    else break;
  }
  return (100 * (below + equal / 2)) / sorted.length;
}
