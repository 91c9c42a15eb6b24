import { hourMs } from './site-clock.ts';
import { daysBefore } from './site-days.ts';

/**
 * A cumulative meter's use over a period, once, for the index's energy rounds and the dashboard's
 * building page alike. A fall in the total is the meter replaced or reset, never negative use:
 * the reading after it counts as used since the reset.
 */
export interface MeterReading {
  time: number;
  value: number;
}

/** Readings further apart than this leave the period short of a full account. */
export const longestQuietMs = 6 * hourMs;

/** The point types of a meter's running total of energy (Brick). */
export const energyPointTypes: ReadonlySet<string> = new Set([
  'Energy_Sensor',
  'Active_Energy_Sensor',
  'Electric_Energy_Sensor',
]);

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
 * between readings, each counted in the period of the later reading, so consecutive periods add
 * up to the whole. A fall is a reset or a new meter: the reading after it counts as used since.
 * Nothing after the period's last reading is guessed, and a stretch of more than
 * `longestQuietMs` without readings is not covered: the period is partial.
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
  // A rise across a long silence that began before the period holds use from outside it: the
  // period cannot be whole, though the rise is counted here (so periods still add up).
  let spansSilence = false;
  for (; index < readings.length && readings[index]!.time < period.to; index++) {
    const before = readings[index - 1]!;
    const now = readings[index]!;
    used += now.value >= before.value ? now.value - before.value : Math.max(now.value, 0);
    const gap = now.time - before.time;
    // Only the part of a long silence inside the period leaves it uncovered.
    if (gap > longestQuietMs) {
      quiet += now.time - Math.max(before.time, period.from);
      if (before.time < period.from) spansSilence = true;
    }
  }
  const tail = period.to - readings[index - 1]!.time;
  if (tail > longestQuietMs) quiet += tail;
  const span = period.to - period.from;
  return {
    used: Math.round(used * 1000) / 1000,
    complete: quiet === 0 && !spansSilence,
    covered: Math.max(0, Math.min(1, 1 - quiet / span)),
  };
}

export interface DayUse extends PeriodUse {
  /** The site's date, YYYY-MM-DD. */
  day: string;
  /** The day's local midnight and the next (23 or 25 hours apart where the clocks change). */
  from: number;
  to: number;
}

/**
 * The meter's use on each of the last `days` whole days before `now` on the site's clock
 * (midnight to midnight), oldest first: the same days the index keeps. Today is not among them:
 * it is not over. Each day is a `periodUse`, so a day the readings do not cover whole says so.
 */
export function dailyUse(
  readings: readonly MeterReading[],
  now: number,
  days: number,
  timeZone: string | null | undefined,
): DayUse[] {
  return daysBefore(now, timeZone, days).map((day) => ({ ...day, ...periodUse(readings, day) }));
}
