import { hourMs } from '@/shared/rules/site-clock';
import { nextDate, siteDate, siteDayStart, siteHourAndMinute } from '@/shared/rules/site-days';

/**
 * Measurement series as the History panel reads them: readings grouped per measurement, their
 * typical step and gaps, and the few words around them (latest value, age, time zone, ticks).
 * Drawing them (cut at gaps, thinned, as lines or a band) is chart-drawing.ts.
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
