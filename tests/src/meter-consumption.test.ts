/** A cumulative meter read as use per hour or day: resets and replacements are never negative use. */
import { describe, expect, it } from 'vitest';
import { consumptionPerPeriod, consumptionPeriod, dayMs, hourMs } from '@/domain/meter-consumption';

const quarter = 15 * 60 * 1000;
const meter = (values: number[], start = 0) =>
  values.map((value, index) => ({ time: start + index * quarter, value }));

describe('meter consumption', () => {
  it('sums the rises of each hour', () => {
    const use = consumptionPerPeriod(meter([100, 101, 103, 104, 110, 111, 111, 112, 114]), hourMs);
    // Readings every 15 minutes: hour 0 rises 1 + 2 + 1, hour 1 rises 6 + 1 + 0 + 1, hour 2 rises 2.
    expect(use).toEqual([
      { time: 0, value: 4 },
      { time: hourMs, value: 8 },
      { time: 2 * hourMs, value: 2 },
    ]);
  });

  it('counts a replaced meter from its new reading, never as negative use', () => {
    const use = consumptionPerPeriod(meter([5000, 5004, 2, 6, 9]), hourMs);
    expect(use.every((period) => period.value >= 0)).toBe(true);
    expect(use.reduce((sum, period) => sum + period.value, 0)).toBe(4 + 2 + 4 + 3);
  });

  it('uses hours for up to two days and days beyond', () => {
    expect(consumptionPeriod({ from: 0, to: 2 * dayMs })).toBe(hourMs);
    expect(consumptionPeriod({ from: 0, to: 7 * dayMs })).toBe(dayMs);
  });
});
