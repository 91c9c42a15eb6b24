import { dayMs } from '@/shared/rules/site-clock';
import type { MeterReading } from '@/shared/rules/meter-use';

/**
 * A cumulative meter (kWh) as use per period on a chart of its history: what people read from a
 * meter is how much was used when, not its running total. A fall in the total is the meter
 * replaced or reset, never negative use (the arithmetic of a period is shared/rules/meter-use.ts).
 */

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
