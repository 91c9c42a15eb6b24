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

/** Hours for up to two days, days beyond: a chart of a few dozen to a few hundred bars. */
export const consumptionPeriod = (range: { from: number; to: number }) =>
  range.to - range.from <= 2 * dayMs ? hourMs : dayMs;

/**
 * Use per period (periods start at multiples of `periodMs` from the epoch, so hours are whole hours
 * and days UTC days), each at its period's start, oldest first. Use between two readings is
 * counted in the period of the later one.
 */
export function consumptionPerPeriod(
  readings: readonly MeterReading[],
  periodMs: number,
): MeterReading[] {
  const use = new Map<number, number>();
  for (let index = 1; index < readings.length; index++) {
    const before = readings[index - 1]!;
    const now = readings[index]!;
    const used = now.value >= before.value ? now.value - before.value : Math.max(now.value, 0);
    const period = Math.floor(now.time / periodMs) * periodMs;
    use.set(period, (use.get(period) ?? 0) + used);
  }
  return [...use]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time, value: Math.round(value * 1000) / 1000 }));
}
