/** A cumulative meter read as use per hour or day: resets and replacements are never negative use. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consumptionPerPeriod, consumptionPeriod } from '@/domain/meter-consumption';
import { dailyUse, kwhPerUnit, periodUse } from '@/shared/rules/meter-use';
import { dayMs, hourMs } from '@/shared/rules/site-clock';

const quarter = 15 * 60 * 1000;
const meter = (values: number[], start = 0) =>
  values.map((value, index) => ({ time: start + index * quarter, value }));

describe('meter consumption', () => {
  it('sums the rises of each hour', () => {
    const use = consumptionPerPeriod(meter([100, 101, 103, 104, 110, 111, 111, 112, 114]), 'hour');
    // Readings every 15 minutes: hour 0 rises 1 + 2 + 1, hour 1 rises 6 + 1 + 0 + 1, hour 2 rises 2.
    expect(use).toEqual([
      { time: 0, value: 4 },
      { time: hourMs, value: 8 },
      { time: 2 * hourMs, value: 2 },
    ]);
  });

  it('counts a replaced meter from its new reading, never as negative use', () => {
    const use = consumptionPerPeriod(meter([5000, 5004, 2, 6, 9]), 'hour');
    expect(use.every((period) => period.value >= 0)).toBe(true);
    expect(use.reduce((sum, period) => sum + period.value, 0)).toBe(4 + 2 + 4 + 3);
  });

  it('uses hours for up to two days, days up to two months, weeks to half a year, then months', () => {
    expect(consumptionPeriod({ from: 0, to: 2 * dayMs })).toBe('hour');
    expect(consumptionPeriod({ from: 0, to: 7 * dayMs })).toBe('day');
    expect(consumptionPeriod({ from: 0, to: 62 * dayMs })).toBe('day');
    expect(consumptionPeriod({ from: 0, to: 90 * dayMs })).toBe('week');
    expect(consumptionPeriod({ from: 0, to: 365 * dayMs })).toBe('month');
  });

  it('sums weeks from Monday and months from the first, and keeps every kWh', () => {
    // Hourly readings from Wednesday 2026-01-28 to Wednesday 2026-03-04, local time.
    const start = new Date(2026, 0, 28).getTime();
    const readings = Array.from({ length: 35 * 24 + 1 }, (_unused, index) => ({
      time: start + index * hourMs,
      value: 1000 + 2 * index,
    }));
    const weeks = consumptionPerPeriod(readings, 'week');
    expect(weeks.map((week) => new Date(week.time).getDay())).toEqual(weeks.map(() => 1));
    expect(weeks[0]!.time).toBe(new Date(2026, 0, 26).getTime());
    // The first week has Wednesday to Sunday (5 days), whole weeks have 7 × 24 rises of 2.
    expect(weeks[0]!.value).toBe(2 * (5 * 24 - 1 + 1) - 2);
    expect(weeks[1]!.value).toBe(2 * 7 * 24);
    const months = consumptionPerPeriod(readings, 'month');
    expect(months.map((month) => new Date(month.time).getDate())).toEqual([1, 1, 1]);
    expect(months.map((month) => new Date(month.time).getMonth())).toEqual([0, 1, 2]);
    expect(months[1]!.value).toBe(2 * 28 * 24);
    const total = 2 * 35 * 24;
    for (const periods of [weeks, months, consumptionPerPeriod(readings, 'day')])
      expect(periods.reduce((sum, period) => sum + period.value, 0)).toBe(total);
  });

  it('sums a period from its readings alone, a reset counted from the new reading', () => {
    const day = { from: 0, to: dayMs };
    const readings = [
      ...meter(Array.from({ length: 48 }, (_unused, index) => 100 + index)),
      ...meter([3, 4, 5], 48 * quarter),
      ...meter(
        Array.from({ length: 45 }, (_unused, index) => 6 + index),
        51 * quarter,
      ),
    ];
    // 47 rises of 1 before the reset, 3 counted from the new meter, then 2 + 45 rises of 1.
    expect(periodUse(readings, day)).toEqual({ used: 47 + 3 + 2 + 45, complete: true, covered: 1 });
    // A reading after the period is not counted.
    expect(periodUse([...readings, { time: dayMs + quarter, value: 9999 }], day).used).toBe(97);
  });

  it('counts each rise in the period of its later reading: consecutive periods add up', () => {
    const readings = meter(Array.from({ length: 200 }, (_unused, index) => 10 * index));
    const first = periodUse(readings, { from: 0, to: dayMs });
    const second = periodUse(readings, { from: dayMs, to: 2 * dayMs });
    // 95 rises in the first day (its first reading is the base), 96 in the second.
    expect([first.used, second.used]).toEqual([950, 960]);
    expect(periodUse(readings, { from: 0, to: 2 * dayMs }).used).toBe(first.used + second.used);
  });

  it('says a period is partial where its readings stop, start late or go quiet for hours', () => {
    const day = { from: 0, to: dayMs };
    const quietAfternoon = meter(Array.from({ length: 96 }, (_unused, index) => index)).filter(
      (reading) => reading.time < 12 * hourMs || reading.time >= 20 * hourMs,
    );
    const use = periodUse(quietAfternoon, day);
    expect(use.complete).toBe(false);
    expect(use.covered).toBeCloseTo(1 - (8 * hourMs + quarter) / dayMs, 5);
    expect(periodUse(meter([1, 2]), day)).toMatchObject({ complete: false });
    expect(periodUse([], day)).toEqual({ used: 0, complete: false, covered: 0 });
  });

  it('never counts negative use, and covers no more than the whole period', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            time: fc.integer({ min: -dayMs, max: 2 * dayMs }),
            value: fc.double({ min: -10, max: 1e6, noNaN: true }),
          }),
        ),
        (readings) => {
          const sorted = [...readings].sort((a, b) => a.time - b.time);
          const use = periodUse(sorted, { from: 0, to: dayMs });
          return use.used >= 0 && use.covered >= 0 && use.covered <= 1;
        },
      ),
    );
  });

  it('reads Wh, kWh and MWh as kWh, and nothing else as energy', () => {
    expect([kwhPerUnit('Wh'), kwhPerUnit('kWh'), kwhPerUnit(' MWh '), kwhPerUnit('m³')]).toEqual([
      0.001,
      1,
      1000,
      undefined,
    ]);
  });
});

describe('use per day', () => {
  // Readings every 15 minutes for 12 days, rising 1 each, with a meter reset on day 4.
  const now = Date.UTC(2026, 10, 24, 14, 20);
  const start = Date.UTC(2026, 10, 11, 23, 0);
  const readings = Array.from({ length: Math.floor((now - start) / quarter) }, (_, index) => ({
    time: start + index * quarter,
    value: index < 4 * 96 ? 1000 + index : index - 4 * 96 + 1,
  }));

  it("gives the last whole days, midnight to midnight on the site's clock, without today", () => {
    const days = dailyUse(readings, now, 7, 'Europe/Oslo');
    expect(days).toHaveLength(7);
    // Oslo's midnights (UTC+1 in November), whatever the viewer's own clock.
    const yesterday = Date.UTC(2026, 10, 22, 23, 0);
    expect(days.at(-1)!.from).toBe(yesterday);
    expect(days.at(-1)!.day).toBe('2026-11-23');
    expect(days.at(-1)!.to).toBe(Date.UTC(2026, 10, 23, 23, 0));
    for (let index = 1; index < days.length; index++)
      expect(days[index]!.from).toBe(days[index - 1]!.to);
    // 96 rises of 1 a day, every day whole.
    expect(days.map((day) => [day.used, day.complete])).toEqual(
      Array.from({ length: 7 }, () => [96, true]),
    );
  });

  it('never counts a reset as negative use, and adds up to the whole', () => {
    const days = dailyUse(readings, now, 10, 'Europe/Oslo');
    expect(days.every((day) => day.used >= 0)).toBe(true);
    const whole = periodUse(readings, { from: days[0]!.from, to: days.at(-1)!.to });
    expect(days.reduce((sum, day) => sum + day.used, 0)).toBeCloseTo(whole.used);
  });

  it('leaves a day the readings do not cover whole as partial, never filled in', () => {
    const quietDay = Date.UTC(2026, 10, 19, 23, 0);
    const withGap = readings.filter(
      (reading) => reading.time < quietDay + 2 * hourMs || reading.time >= quietDay + 10 * hourMs,
    );
    const days = dailyUse(withGap, now, 7, 'Europe/Oslo');
    const partial = days.filter((day) => !day.complete);
    expect(partial.map((day) => day.from)).toEqual([quietDay]);
    expect(partial[0]!.covered).toBeLessThan(1);
  });
});
