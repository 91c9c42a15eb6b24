import { gapFactor, typicalStep, type SeriesPoint } from './time-series';

/**
 * Series made ready to draw: cut at gaps, long ranges thinned with largest-triangle-three-buckets
 * (LTTB, which keeps peaks and outliers visible), rows of a chart's lines, and many series drawn
 * as one band (median and spread).
 */
/** The series cut where readings are missing. */
export function splitAtGaps(points: readonly SeriesPoint[]): SeriesPoint[][] {
  const step = typicalStep(points);
  if (points.length === 0) return [];
  if (step === undefined || step <= 0) return [[...points]];
  const segments: SeriesPoint[][] = [[points[0]!]];
  for (let index = 1; index < points.length; index++) {
    const point = points[index]!;
    if (point.time - points[index - 1]!.time > step * gapFactor) segments.push([point]);
    else segments.at(-1)!.push(point);
  }
  return segments;
}

/**
 * Largest-triangle-three-buckets (Steinarsson, 2013): at most `threshold` points that keep the
 * line's shape, including its peaks. The first and last points are always kept.
 */
export function downsampleLttb(points: readonly SeriesPoint[], threshold: number): SeriesPoint[] {
  const count = points.length;
  if (count <= threshold) return [...points];
  // Fewer than three points leaves no bucket between the ends.
  if (threshold < 3) return threshold < 2 ? points.slice(0, 1) : [points[0]!, points[count - 1]!];
  const sampled: SeriesPoint[] = [points[0]!];
  const bucketSize = (count - 2) / (threshold - 2);
  let chosen = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    // The average of the next bucket is the third corner of each candidate triangle.
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, count);
    let averageTime = 0;
    let averageValue = 0;
    for (let index = nextStart; index < nextEnd; index++) {
      averageTime += points[index]!.time;
      averageValue += points[index]!.value;
    }
    const nextLength = Math.max(nextEnd - nextStart, 1);
    averageTime /= nextLength;
    averageValue /= nextLength;

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    const anchor = points[chosen]!;
    let largest = -1;
    let next = start;
    for (let index = start; index < end; index++) {
      const point = points[index]!;
      const area = Math.abs(
        (anchor.time - averageTime) * (point.value - anchor.value) -
          (anchor.time - point.time) * (averageValue - anchor.value),
      );
      if (area > largest) {
        largest = area;
        next = index;
      }
    }
    sampled.push(points[next]!);
    chosen = next;
  }
  sampled.push(points[count - 1]!);
  return sampled;
}

export interface DrawPoint {
  time: number;
  /** null marks a gap: the chart breaks the line there. */
  value: number | null;
}

/**
 * What the chart draws: at most about `maxPoints` points, shared between the stretches between
 * gaps by their length, with a null between stretches so the gap shows.
 */
export function pointsForDrawing(points: readonly SeriesPoint[], maxPoints: number): DrawPoint[] {
  const segments = splitAtGaps(points);
  const drawn: DrawPoint[] = [];
  const total = points.length;
  segments.forEach((segment, index) => {
    if (index > 0) {
      const before = segments[index - 1]!.at(-1)!;
      drawn.push({ time: (before.time + segment[0]!.time) / 2, value: null });
    }
    const share =
      total > maxPoints
        ? Math.max(3, Math.floor((maxPoints * segment.length) / total))
        : segment.length;
    drawn.push(...downsampleLttb(segment, share));
  });
  return drawn;
}

/** One row of a chart with several lines: each line's value at `time` under its index's key. */
export type ChartRow = { time: number } & Record<`s${number}`, number | null>;

/** The key of line `index` in a ChartRow. */
export const lineKey = (index: number): `s${number}` => `s${index}`;

/**
 * Several series of one kind on one time axis, as one chart's rows. One series is drawn as
 * `pointsForDrawing` draws it. Several are read into common time slots (as wide as the slowest
 * sensor's step, and no more than `maxPoints` across the range), each slot holding a series'
 * mean there, so the tooltip can name every line at one time. A slot a series has no reading in
 * is drawn straight across when its neighbours are close (a sensor a little late), and left as a
 * break when they are a gap apart.
 */
export function rowsForDrawing(
  series: ReadonlyArray<readonly SeriesPoint[]>,
  range: { from: number; to: number },
  maxPoints: number,
): ChartRow[] {
  if (series.length === 1)
    return pointsForDrawing(series[0]!, maxPoints).map(
      (point) => ({ time: point.time, [lineKey(0)]: point.value }) as ChartRow,
    );
  const { times, columns, kept } = slotColumns(series, range, maxPoints);
  return kept.map((at) => {
    const row = { time: times[at]! } as ChartRow;
    columns.forEach((values, index) => (row[lineKey(index)] = valueOrNull(values[at]!)));
    return row;
  });
}

/** A slot's value as a chart row holds it: null where the series has none (NaN in a column). */
const valueOrNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * The common time slots of several series (see `rowsForDrawing`): each series' values per slot
 * (NaN where it has none: typed arrays, as a floor's 400 series × 800 slots of boxed numbers
 * cost their own collection), the slots' middle times, and which slots are drawn (a stretch where
 * no series has a reading is one slot of gaps, so every line breaks there).
 */
function slotColumns(
  series: ReadonlyArray<readonly SeriesPoint[]>,
  range: { from: number; to: number },
  maxPoints: number,
): { times: number[]; columns: Float64Array[]; kept: number[] } {
  const span = Math.max(1, range.to - range.from);
  const steps = series.map((points) => typicalStep(points) ?? 0);
  const slot = Math.max(Math.ceil(span / maxPoints), ...steps, 1);
  const slots = Math.ceil(span / slot);
  const counts = new Uint32Array(slots);
  const columns = series.map((points, index) => {
    const values = new Float64Array(slots);
    counts.fill(0);
    for (let point = 0; point < points.length; point++) {
      const { time, value } = points[point]!;
      const at = Math.floor((time - range.from) / slot);
      if (at < 0 || at >= slots) continue;
      values[at]! += value;
      counts[at]! += 1;
    }
    for (let at = 0; at < slots; at++)
      values[at] = counts[at]! > 0 ? values[at]! / counts[at]! : Number.NaN;
    // Slots missed by a late reading: drawn across when the neighbours are not a gap apart.
    const reach = Math.max(steps[index]!, slot) * gapFactor;
    let previous = -1;
    for (let at = 0; at < slots; at++) {
      if (Number.isNaN(values[at]!)) continue;
      if (previous >= 0 && at - previous > 1 && (at - previous) * slot <= reach) {
        for (let fill = previous + 1; fill < at; fill++) {
          const share = (fill - previous) / (at - previous);
          values[fill] = values[previous]! + (values[at]! - values[previous]!) * share;
        }
      }
      previous = at;
    }
    return values;
  });
  const times = Array.from({ length: slots }, (_unused, at) => range.from + (at + 0.5) * slot);
  const kept: number[] = [];
  let emptyBefore = true;
  for (let at = 0; at < slots; at++) {
    const empty = columns.every((values) => Number.isNaN(values[at]!));
    if (empty && emptyBefore) continue;
    emptyBefore = empty;
    kept.push(at);
  }
  if (emptyBefore) kept.pop(); // nothing follows the last break
  return { times, columns, kept };
}

/** A row of a chart that draws many series as a band: their spread, their median, a few by name. */
export type BandRow = ChartRow & {
  /** Lowest and highest value among the series in this slot (null: none has a reading). */
  spread: [number, number] | null;
  median: number | null;
  /** The median of the period before, when one is drawn over this one. */
  before: number | null;
};

export interface BandDrawing {
  rows: BandRow[];
  /** The series drawn by name, furthest from the median first; series `named[k]` is at lineKey(k). */
  named: number[];
}

const medianOf = (sorted: Float64Array): number => {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Many series of one kind (a floor's hundred room temperatures) as what a person can read: the
 * spread between the lowest and highest in each time slot, their median, and the `name` series
 * that lie furthest from that median on average (the rooms worth a look), each drawn as a line.
 * The series are read into common slots as `rowsForDrawing` reads them; series from
 * `current` on are the period before, of which only the median is drawn.
 */
export function bandForDrawing(
  series: ReadonlyArray<readonly SeriesPoint[]>,
  current: number,
  range: { from: number; to: number },
  maxPoints: number,
  name: number,
): BandDrawing {
  // Read as columns, not rows: a row object of a hundred keys per slot cost more than the rest.
  const { times, columns, kept } = slotColumns(series, range, maxPoints);
  const distance = new Float64Array(current);
  const slots = new Uint32Array(current);
  // A slot's values, sorted in place: typed arrays sort numerically without a comparator.
  const values = new Float64Array(current);
  const before = new Float64Array(Math.max(0, columns.length - current));
  const spreads = kept.map((at) => {
    let nowCount = 0;
    let beforeCount = 0;
    for (let index = 0; index < columns.length; index++) {
      const value = columns[index]![at]!;
      if (Number.isNaN(value)) continue;
      if (index < current) values[nowCount++] = value;
      else before[beforeCount++] = value;
    }
    const sorted = values.subarray(0, nowCount).sort();
    const sortedBefore = before.subarray(0, beforeCount).sort();
    const median = nowCount > 0 ? medianOf(sorted) : null;
    if (median !== null)
      for (let index = 0; index < current; index++) {
        const value = columns[index]![at]!;
        if (Number.isNaN(value)) continue;
        distance[index]! += Math.abs(value - median);
        slots[index]! += 1;
      }
    return {
      spread: nowCount > 0 ? ([sorted[0]!, sorted[nowCount - 1]!] as [number, number]) : null,
      median,
      before: beforeCount > 0 ? medianOf(sortedBefore) : null,
    };
  });
  const named = Array.from({ length: current }, (_unused, index) => index)
    .filter((index) => slots[index]! > 0)
    .sort((a, b) => distance[b]! / slots[b]! - distance[a]! / slots[a]! || a - b)
    .slice(0, name);
  const rows = kept.map((at, position) => {
    const row = { time: times[at]!, ...spreads[position]! } as BandRow;
    named.forEach((index, k) => (row[lineKey(k)] = valueOrNull(columns[index]![at]!)));
    return row;
  });
  return { rows, named };
}
