/**
 * One meter arithmetic (src/shared/rules/meter-use.ts), for the index's energy ranking and a
 * building's own page alike: resets never count as negative use, days read one by one add up to
 * the period read whole, and the days are the site's own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kwhPerUnit, periodUse } from '@/shared/rules/meter-use';
import { daysBefore, monthsBefore, siteDate } from '@/shared/rules/site-days';

const hourMs = 60 * 60 * 1000;
const start = Date.UTC(2026, 9, 1);

/** A meter's readings: mostly rising, sometimes reset to a small value, with gaps of any length. */
const meterArbitrary = fc
  .array(
    fc.record({
      step: fc.oneof(fc.constant(15 * 60 * 1000), fc.integer({ min: 1, max: 30 * hourMs })),
      rise: fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.constant(0)),
      // About one reading in twenty is a reset or a new meter.
      reset: fc.integer({ min: 0, max: 19 }).map((draw) => draw === 0),
    }),
    { maxLength: 400 },
  )
  .map((steps) => {
    let time = start - 2 * hourMs;
    let value = 1000;
    return steps.map(({ step, rise, reset }) => {
      time += step;
      value = reset ? rise : value + rise;
      return { time, value };
    });
  });

describe('the meter arithmetic', () => {
  it('does not call a period whole whose first rise spans a silence that began before it', () => {
    // Readings stop for five days and resume at the period's first instant: the rise across the
    // silence is counted here (periods still add up), but it is five days' use, not this day's.
    const day = 24 * hourMs;
    const readings = [
      { time: start - 5 * day, value: 100 },
      ...Array.from({ length: 25 }, (_, hour) => ({
        time: start + hour * hourMs,
        value: 600 + hour,
      })),
    ];
    const use = periodUse(readings, { from: start, to: start + day });
    // 500 across the silence, then 23 hourly rises: the reading at the period's end belongs to the next.
    expect(use.used).toBe(500 + 23);
    expect(use.complete).toBe(false);
    expect(periodUse(readings, { from: start + hourMs, to: start + day }).complete).toBe(true);
  });

  it('never counts negative use, and days read one by one add up to the whole', () => {
    fc.assert(
      fc.property(meterArbitrary, (readings) => {
        const days = Array.from({ length: 10 }, (_, day) => ({
          from: start + day * 24 * hourMs,
          to: start + (day + 1) * 24 * hourMs,
        }));
        const whole = periodUse(readings, { from: days[0]!.from, to: days.at(-1)!.to });
        const parts = days.map((day) => periodUse(readings, day));
        for (const part of parts) expect(part.used).toBeGreaterThanOrEqual(0);
        const sum = parts.reduce((total, part) => total + part.used, 0);
        expect(sum).toBeCloseTo(whole.used, 1);
      }),
    );
  });

  it('reads the same units as energy', () => {
    for (const unit of ['Wh', 'kWh', 'MWh', ' kWh ', 'kW', '°C', 'no unit', '', null, undefined])
      expect(kwhPerUnit(unit)).toBe(kwhPerUnit(unit));
  });
});

describe("whole days on a site's clock", () => {
  it('are midnight to midnight: 23 hours when the clocks go forward, 25 when they go back', () => {
    // London: clocks forward on 29 March 2026, back on 25 October 2026.
    const spring = daysBefore(Date.UTC(2026, 2, 31, 12), 'Europe/London', 3);
    expect(spring.map((day) => day.day)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(spring.map((day) => (day.to - day.from) / hourMs)).toEqual([24, 23, 24]);
    expect(spring[2]!.from).toBe(Date.UTC(2026, 2, 29, 23));
    const autumn = daysBefore(Date.UTC(2026, 9, 26, 12), 'Europe/London', 1);
    expect(autumn).toEqual([
      { day: '2026-10-25', from: Date.UTC(2026, 9, 24, 23), to: Date.UTC(2026, 9, 26) },
    ]);
  });

  it("make whole calendar months of the site's clock, the current one left out", () => {
    // 05:00 on 1 December in Tokyo, still 30 November in London.
    const now = Date.UTC(2026, 10, 30, 20);
    const tokyo = monthsBefore(now, 'Asia/Tokyo', 12);
    expect(tokyo.map((month) => month.month)).toEqual([
      '2025-12',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((m) => `2026-${m}`),
    ]);
    const london = monthsBefore(now, 'Europe/London', 12);
    expect(london[0]!.month).toBe('2025-11');
    expect(london.at(-1)!.month).toBe('2026-10');
    // Every day of each month, midnight to midnight: a year of 365 days, none twice.
    expect(london.reduce((sum, month) => sum + month.days.length, 0)).toBe(365);
    const february = london.find((month) => month.month === '2026-02')!;
    expect(february.days.map((day) => day.day)).toHaveLength(28);
    expect(february.from).toBe(Date.UTC(2026, 1, 1));
    // October ends an hour later in London: the clocks went back on the 25th.
    const october = london.at(-1)!;
    expect(october.from).toBe(Date.UTC(2026, 8, 30, 23));
    expect(october.to).toBe(Date.UTC(2026, 10, 1));
    for (const month of london) expect(month.days.at(-1)!.to).toBe(month.to);
  });

  it("are the site's dates: Tokyo's today begins while London's yesterday goes on", () => {
    const now = Date.UTC(2026, 10, 24, 20); // 05:00 on the 25th in Tokyo
    expect(siteDate(now, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(daysBefore(now, 'Asia/Tokyo', 1)).toEqual([
      { day: '2026-11-24', from: Date.UTC(2026, 10, 23, 15), to: Date.UTC(2026, 10, 24, 15) },
    ]);
    // Quarter-hour offsets and unknown zones (read as UTC) too.
    expect(daysBefore(now, 'Asia/Kathmandu', 1)[0]!.from).toBe(Date.UTC(2026, 10, 23, 18, 15));
    expect(daysBefore(now, 'Nowhere/Atlantis', 1)[0]!.from).toBe(Date.UTC(2026, 10, 23));
    expect(daysBefore(now, null, 1)[0]!.from).toBe(Date.UTC(2026, 10, 23));
  });

  it('follow one another without a gap or an overlap, through a year in six zones', () => {
    for (const zone of [
      'Europe/London',
      'America/Chicago',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'UTC',
    ]) {
      const days = daysBefore(Date.UTC(2027, 0, 2), zone, 366);
      for (let index = 1; index < days.length; index++)
        expect(days[index]!.from, `${zone} ${days[index]!.day}`).toBe(days[index - 1]!.to);
      for (const day of days) expect(siteDate(day.from, zone)).toBe(day.day);
    }
  });
});
