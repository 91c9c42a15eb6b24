import { hourMs } from '@/shared/rules/site-clock';
import { nextDate, siteDate, siteDayStart, siteHourAndMinute } from '@/shared/rules/site-days';
/**
 * Measurement series as the History panel draws them: readings grouped per measurement, gaps kept
 * as gaps, long ranges thinned for drawing with largest-triangle-three-buckets (LTTB, which keeps
 * peaks and outliers visible), and the few words around them (latest value, age, time zone).
 */
export interface Reading {
  measurementValueId: string;
  value: string;
  timestamp: string;
}

export interface SeriesPoint {
  time: number;
  value: number;
}

export interface MeasurementSeries {
  id: string;
  /** Oldest first. */
  points: SeriesPoint[];
  /** Readings whose value or time is not a number (left out of the series, counted here). */
  unreadable: number;
}

/**
 * Readings grouped into one series per measurement, in the order the measurements first appear,
 * a batch at a time as an answer arrives (`add`), then finished once (`series`).
 */
export class ReadingGrouping {
  private readonly byId = new Map<string, MeasurementSeries>();
  // A place's answer lists every series at one time before the next (the platform's order):
  // a timestamp like the one before is not parsed again (a floor's week: 270,000 readings, 672
  // times). Any other order costs one string comparison per reading.
  private lastStamp: string | undefined;
  private lastTime = Number.NaN;

  add(readings: readonly Reading[]): void {
    for (const reading of readings) {
      let series = this.byId.get(reading.measurementValueId);
      if (!series) {
        series = { id: reading.measurementValueId, points: [], unreadable: 0 };
        this.byId.set(reading.measurementValueId, series);
      }
      if (reading.timestamp !== this.lastStamp) {
        this.lastStamp = reading.timestamp;
        this.lastTime = Date.parse(this.lastStamp);
      }
      const time = this.lastTime;
      const value = reading.value.trim() === '' ? Number.NaN : Number(reading.value);
      if (Number.isFinite(time) && Number.isFinite(value)) series.points.push({ time, value });
      else series.unreadable++;
    }
  }

  /** The series, each oldest first. Call once, after the last `add`. */
  series(): MeasurementSeries[] {
    for (const series of this.byId.values()) {
      // The platform sends oldest first; sorting only when it did not keeps the common case linear.
      const points = series.points;
      if (points.some((point, index) => index > 0 && point.time < points[index - 1]!.time))
        points.sort((a, b) => a.time - b.time);
    }
    return [...this.byId.values()];
  }
}

/** One series per measurement, in the order the measurements first appear. */
export function groupReadings(readings: readonly Reading[]): MeasurementSeries[] {
  const grouping = new ReadingGrouping();
  grouping.add(readings);
  return grouping.series();
}

/**
 * Each series' usual step, worked out once: the summary, the gaps and the chart's time slots all
 * ask for it (a tower floor's 405 series, 500,000 readings, sorted three times over). Keyed by the
 * array, which is safe because series are never changed once grouped: every step after grouping
 * makes new arrays.
 */
const typicalSteps = new WeakMap<readonly SeriesPoint[], number | undefined>();

/** The usual time between readings: the median step, so gaps and duplicates do not sway it. */
export function typicalStep(points: readonly SeriesPoint[]): number | undefined {
  if (points.length < 2) return undefined;
  if (typicalSteps.has(points)) return typicalSteps.get(points);
  // A typed array sorts numerically without a comparator call per pair.
  const steps = new Float64Array(points.length - 1);
  for (let index = 1; index < points.length; index++)
    steps[index - 1] = points[index]!.time - points[index - 1]!.time;
  steps.sort();
  const step = steps[Math.floor(steps.length / 2)];
  typicalSteps.set(points, step);
  return step;
}

/** Readings further apart than this many usual steps are a gap, drawn as a break in the line. */
export const gapFactor = 2.5;

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

export { formatAge } from '@/lib/format';

export interface SeriesSummary {
  minimum: number | undefined;
  maximum: number | undefined;
  /** Readings in all the series. */
  count: number;
  /** Breaks in the series' lines, each series cut as `splitAtGaps` cuts it. */
  gaps: number;
}

/** Where `splitAtGaps` would cut the series, counted without cutting it. */
export function countGaps(points: readonly SeriesPoint[]): number {
  const step = typicalStep(points);
  if (step === undefined || step <= 0) return 0;
  let gaps = 0;
  for (let index = 1; index < points.length; index++)
    if (points[index]!.time - points[index - 1]!.time > step * gapFactor) gaps++;
  return gaps;
}

/** The range of values, the readings and the gaps of one chart's series, read in place. */
export function summarize(series: ReadonlyArray<readonly SeriesPoint[]>): SeriesSummary {
  let minimum = Number.POSITIVE_INFINITY;
  let maximum = Number.NEGATIVE_INFINITY;
  let count = 0;
  let gaps = 0;
  for (const points of series) {
    for (let index = 0; index < points.length; index++) {
      const value = points[index]!.value;
      if (value < minimum) minimum = value;
      if (value > maximum) maximum = value;
    }
    count += points.length;
    gaps += countGaps(points);
  }
  return count === 0
    ? { minimum: undefined, maximum: undefined, count, gaps }
    : { minimum, maximum, count, gaps };
}

/** The viewer's time zone and its offset at `at`, e.g. "Europe/Berlin (UTC+01:00)". */
export function describeTimeZone(at: number, timeZone?: string): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset =
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const utc = offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC');
  return `${zone} (${utc})`;
}

const tickHours = [1, 2, 3, 6, 12];
const tickDays = [1, 2, 7, 14, 30, 61, 91];

/**
 * Axis ticks on round times of `timeZone`'s clock (the panel's: the site's): whole hours for a
 * day, midnights for longer ranges (stepped by calendar days, so a 23- or 25-hour day still
 * ticks at midnight). At most `most`.
 */
export function timeTicks(
  range: { from: number; to: number },
  timeZone: string,
  most = 8,
): number[] {
  const span = range.to - range.from;
  const hours = tickHours.find((step) => span / (step * hourMs) <= most);
  const ticks: number[] = [];
  if (hours !== undefined) {
    // Whole hours of that clock fall on quarter hours of UTC (India's half hours, Nepal's
    // quarters): try each quarter hour, keep those on a multiple of the step.
    const quarter = hourMs / 4;
    for (let time = Math.ceil(range.from / quarter) * quarter; time <= range.to; time += quarter) {
      const { hour, minute } = siteHourAndMinute(time, timeZone);
      if (minute === 0 && hour % hours === 0) ticks.push(time);
    }
    return ticks;
  }
  const days = tickDays.find((step) => span / (step * 24 * hourMs) <= most) ?? tickDays.at(-1)!;
  let day = siteDate(range.from, timeZone);
  if (siteDayStart(day, timeZone)! < range.from) day = nextDate(day);
  for (let start = siteDayStart(day, timeZone)!; start <= range.to;) {
    ticks.push(start);
    for (let step = 0; step < days; step++) day = nextDate(day);
    start = siteDayStart(day, timeZone)!;
  }
  return ticks;
}
