/**
 * A cumulative meter (kWh) as use per period: what people read from a meter is how much was used
 * when, not its running total. A fall in the total is the meter replaced or reset, never negative
 * use: the reading after it counts as used since the reset.
 */
export interface MeterReading {
  time: number;
  value: number;
}

export const hourMs = 60 * 60 * 1000;
export const dayMs = 24 * hourMs;

/** The periods use is summed over, each starting on the viewer's clock. */
export type ConsumptionPeriod = 'hour' | 'day' | 'week' | 'month';

/**
 * Hours for up to two days, days up to two months, weeks up to half a year, months beyond: a chart
 * of a few dozen to a few hundred bars, whatever the range.
 */
export function consumptionPeriod(range: { from: number; to: number }): ConsumptionPeriod {
  const span = range.to - range.from;
  return span <= 2 * dayMs
    ? 'hour'
    : span <= 62 * dayMs
      ? 'day'
      : span <= 190 * dayMs
        ? 'week'
        : 'month';
}

/** When the period holding `time` starts on the viewer's clock: weeks start on Monday. */
export function periodStart(time: number, period: ConsumptionPeriod): number {
  const date = new Date(time);
  if (period === 'hour') {
    date.setMinutes(0, 0, 0);
    return date.getTime();
  }
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  if (period === 'day') return day.getTime();
  if (period === 'week') {
    day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
    return day.getTime();
  }
  return new Date(date.getFullYear(), date.getMonth(), 1).getTime();
}

/**
 * Use per period, each at its period's start, oldest first. Use between two readings is counted
 * in the period of the later one; a period without readings has no entry (a gap stays a gap).
 */
export function consumptionPerPeriod(
  readings: readonly MeterReading[],
  period: ConsumptionPeriod,
): MeterReading[] {
  const use = new Map<number, number>();
  for (let index = 1; index < readings.length; index++) {
    const before = readings[index - 1]!;
    const now = readings[index]!;
    const used = now.value >= before.value ? now.value - before.value : Math.max(now.value, 0);
    const start = periodStart(now.time, period);
    use.set(start, (use.get(start) ?? 0) + used);
  }
  return [...use]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time, value: Math.round(value * 1000) / 1000 }));
}

/** How many kWh one unit of a meter's reading is; undefined for a unit that is not energy. */
export function kwhPerUnit(unit: string | null | undefined): number | undefined {
  switch (unit?.trim()) {
    case 'Wh':
      return 0.001;
    case 'kWh':
      return 1;
    case 'MWh':
      return 1000;
    default:
      return undefined;
  }
}

/** Readings further apart than this leave the period short of a full account. */
export const longestQuietMs = 6 * hourMs;

export interface PeriodUse {
  /** Use within the period, in the meter's unit: a fall in the total counts as a reset. */
  used: number;
  /** Whether the readings account for the whole period: from its start to its end, no long gap. */
  complete: boolean;
  /** The part of the period the readings account for (0–1): quiet stretches are not counted. */
  covered: number;
}

/**
 * A meter's use over one period [from, to), its readings oldest first: the rises of its total
 * between readings, each counted in the period of the later reading (as `consumptionPerPeriod`
 * counts them), so consecutive periods add up to the whole. A fall is a reset or a new meter: the
 * reading after it counts as used since. Nothing after the period's last reading is guessed, and a
 * stretch of more than `longestQuietMs` without readings is not covered: the period is partial.
 */
export function periodUse(
  readings: readonly MeterReading[],
  period: { from: number; to: number },
): PeriodUse {
  const first = readings.findIndex((reading) => reading.time >= period.from);
  if (first < 0 || readings[first]!.time >= period.to)
    return { used: 0, complete: false, covered: 0 };
  let used = 0;
  let quiet = 0;
  let index = first;
  // The reading before the period is the base of the first rise in it.
  if (index === 0) {
    const head = readings[0]!.time - period.from;
    if (head > longestQuietMs) quiet += head;
    index = 1;
  }
  for (; index < readings.length && readings[index]!.time < period.to; index++) {
    const before = readings[index - 1]!;
    const now = readings[index]!;
    used += now.value >= before.value ? now.value - before.value : Math.max(now.value, 0);
    const gap = now.time - before.time;
    // Only the part of a long silence inside the period leaves it uncovered.
    if (gap > longestQuietMs) quiet += now.time - Math.max(before.time, period.from);
  }
  const tail = period.to - readings[index - 1]!.time;
  if (tail > longestQuietMs) quiet += tail;
  const span = period.to - period.from;
  return {
    used: Math.round(used * 1000) / 1000,
    complete: quiet === 0,
    covered: Math.max(0, Math.min(1, 1 - quiet / span)),
  };
}

export interface DayUse extends PeriodUse {
  /** The day's local midnight and the next (23 or 25 hours apart where the clocks change). */
  from: number;
  to: number;
}

/**
 * The meter's use on each of the last `days` whole days before `now`, in the local time of whoever
 * reads it (midnight to midnight), oldest first. Today is not among them: it is not over. Each day
 * is a `periodUse`, so a day the readings do not cover whole says so and is never filled in.
 */
export function dailyUse(readings: readonly MeterReading[], now: number, days: number): DayUse[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const result: DayUse[] = [];
  for (let back = days; back >= 1; back--) {
    const from = new Date(midnight);
    from.setDate(from.getDate() - back);
    const to = new Date(midnight);
    to.setDate(to.getDate() - back + 1);
    const period = { from: from.getTime(), to: to.getTime() };
    result.push({ ...period, ...periodUse(readings, period) });
  }
  return result;
}
