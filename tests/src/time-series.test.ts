/** Grouping, gaps, downsampling (LTTB) and the words around a series, as the History panel uses them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historyRange, readPreset } from '@/features/history/utils/history-range';
import { historyClock } from '@/features/history/utils/reading-format';
import {
  bandForDrawing,
  downsampleLttb,
  lineKey,
  pointsForDrawing,
  rowsForDrawing,
  splitAtGaps,
} from '@/features/history/utils/chart-drawing';
import {
  describeTimeZone,
  formatAge,
  groupReadings,
  ReadingGrouping,
  summarize,
  timeTicks,
  typicalStep,
  type SeriesPoint,
} from '@/features/history/utils/time-series';
import {
  maxDrawnPoints,
  maxLinesDrawn,
  namedInBand,
} from '@/features/history/components/group-chart';

const minute = 60_000;
const step = 15 * minute;
const start = Date.UTC(2026, 10, 16);
const series = (values: number[], from = start): SeriesPoint[] =>
  values.map((value, index) => ({ time: from + index * step, value }));

describe('groupReadings', () => {
  it('makes one series per measurement, in the order they first appear, with numbers', () => {
    const grouped = groupReadings([
      { measurementValueId: 'b', value: '21.5', timestamp: '2026-11-16T00:00:00+00:00' },
      { measurementValueId: 'a', value: '400', timestamp: '2026-11-16T00:00:00+00:00' },
      { measurementValueId: 'b', value: '21.7', timestamp: '2026-11-16T00:15:00+00:00' },
    ]);
    expect(grouped.map((one) => one.id)).toEqual(['b', 'a']);
    expect(grouped[0]!.points).toEqual([
      { time: start, value: 21.5 },
      { time: start + step, value: 21.7 },
    ]);
  });

  it('leaves out and counts readings that are not numbers, and sorts out-of-order ones', () => {
    const [one] = groupReadings([
      { measurementValueId: 'm', value: '2', timestamp: '2026-11-16T00:15:00+00:00' },
      { measurementValueId: 'm', value: 'n/a', timestamp: '2026-11-16T00:30:00+00:00' },
      { measurementValueId: 'm', value: '', timestamp: '2026-11-16T00:45:00+00:00' },
      { measurementValueId: 'm', value: '3', timestamp: 'yesterday' },
      { measurementValueId: 'm', value: '1', timestamp: '2026-11-16T00:00:00Z' },
    ]);
    expect(one!.points.map((point) => point.value)).toEqual([1, 2]);
    expect(one!.unreadable).toBe(3);
  });
});

describe('grouping an answer as it arrives', () => {
  it('groups readings handed over in any batches as it groups them all at once', () => {
    const stamp = fc.constantFrom(
      '2026-11-16T00:00:00+00:00',
      '2026-11-16T00:15:00+00:00',
      '2026-11-16T01:15:00+01:00',
      'not a time',
    );
    const reading = fc.record({
      measurementValueId: fc.constantFrom('a', 'b', 'c'),
      value: fc.constantFrom('21.5', '400', '', 'n/a', '-3'),
      timestamp: stamp,
    });
    fc.assert(
      fc.property(
        fc.array(reading, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (readings, cuts) => {
          const grouping = new ReadingGrouping();
          let from = 0;
          for (const cut of [
            ...cuts.map((at) => at % (readings.length + 1)).sort((x, y) => x - y),
            readings.length,
          ]) {
            grouping.add(readings.slice(from, Math.max(from, cut)));
            from = Math.max(from, cut);
          }
          expect(grouping.series()).toEqual(groupReadings(readings));
        },
      ),
    );
  });
});

describe('gaps', () => {
  it('finds the usual step by its median, whatever the gaps', () => {
    const points = [...series([1, 2, 3, 4]), ...series([5, 6], start + 10 * step)];
    expect(typicalStep(points)).toBe(step);
    expect(typicalStep(series([1]))).toBeUndefined();
  });

  it('cuts a series where readings are more than 2.5 steps apart, not at a single late one', () => {
    const points = [
      ...series([1, 2, 3]),
      { time: start + 5 * step, value: 4 }, // 3 steps after the last: a gap
      { time: start + 6 * step, value: 5 },
      { time: start + 8 * step, value: 6 }, // 2 steps: one missing reading, not a gap
      { time: start + 9 * step, value: 7 },
    ];
    expect(splitAtGaps(points).map((segment) => segment.length)).toEqual([3, 4]);
    expect(summarize([points]).gaps).toBe(1);
  });

  it('draws a gap as a null between the stretches, so the line breaks there', () => {
    const points = [...series([1, 2, 3]), ...series([4, 5, 6], start + 20 * step)];
    const drawn = pointsForDrawing(points, 100);
    expect(drawn.map((point) => point.value)).toEqual([1, 2, 3, null, 4, 5, 6]);
    expect(drawn[3]!.time).toBeGreaterThan(points[2]!.time);
    expect(drawn[3]!.time).toBeLessThan(points[3]!.time);
  });
});

describe('downsampleLttb', () => {
  const month = series(
    Array.from(
      { length: 2880 },
      (_, index) => 20 + Math.sin(index / 40) + (index === 1234 ? 60 : 0),
    ),
  );

  it('keeps at most the threshold, the first and last points, and the outlier', () => {
    const sampled = downsampleLttb(month, 400);
    expect(sampled).toHaveLength(400);
    expect(sampled[0]).toBe(month[0]);
    expect(sampled.at(-1)).toBe(month.at(-1));
    expect(sampled.some((point) => point.value > 70)).toBe(true);
  });

  it('returns short series unchanged and handles tiny thresholds', () => {
    expect(downsampleLttb(month.slice(0, 10), 50)).toEqual(month.slice(0, 10));
    expect(downsampleLttb(month, 2)).toEqual([month[0], month.at(-1)]);
    expect(downsampleLttb(month, 1)).toEqual([month[0]]);
    expect(downsampleLttb([], 10)).toEqual([]);
  });

  it('always returns points of the series in time order, no more than asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 0, maxLength: 400 }),
        fc.integer({ min: 3, max: 500 }),
        (values, threshold) => {
          const points = series(values);
          const sampled = downsampleLttb(points, threshold);
          expect(sampled.length).toBe(Math.min(points.length, threshold));
          for (let index = 1; index < sampled.length; index++)
            expect(sampled[index]!.time).toBeGreaterThan(sampled[index - 1]!.time);
          for (const point of sampled) expect(points).toContain(point);
        },
      ),
    );
  });

  it('keeps drawing within budget for a 30-day, 15-minute series with gaps', () => {
    const withGaps = month.filter((_point, index) => index % 500 > 12);
    const drawn = pointsForDrawing(withGaps, 800);
    expect(drawn.length).toBeLessThanOrEqual(800 + 3 * 6 + 6);
    expect(drawn.filter((point) => point.value === null)).toHaveLength(5);
  });

  it('keeps a chart within budget: a few lines each to a point per pixel, a hundred as a band', () => {
    const week = { from: start, to: start + 7 * 24 * 60 * minute };
    const room = (offset: number) =>
      series(Array.from({ length: 7 * 96 }, (_unused, index) => 20 + Math.sin(index / 9 + offset)));
    const rooms = (count: number) => Array.from({ length: count }, (_unused, index) => room(index));
    const values = (rows: ReadonlyArray<Record<string, unknown>>) =>
      rows.reduce((sum, row) => sum + Object.keys(row).filter((key) => key !== 'time').length, 0);
    // A few lines keep their detail (a point each 15 minutes over a week: 672 < 800).
    expect(rowsForDrawing(rooms(3), week, maxDrawnPoints)).toHaveLength(7 * 96);
    // The most a chart draws line by line, with the period before: at most 800 slots of them.
    const most = rowsForDrawing(rooms(2 * maxLinesDrawn), week, maxDrawnPoints);
    expect(most.length).toBeLessThanOrEqual(maxDrawnPoints);
    // A hundred rooms: the spread, the median, the period before and the named few per slot,
    // not 67,200 points.
    const band = bandForDrawing(rooms(100), 100, week, maxDrawnPoints, namedInBand);
    expect(band.rows.length).toBeLessThanOrEqual(maxDrawnPoints);
    expect(values(band.rows)).toBeLessThanOrEqual(band.rows.length * (3 + namedInBand));
  });
});

describe('bandForDrawing: many series as their spread, median and the few furthest out', () => {
  const week = { from: start, to: start + 7 * 24 * 60 * minute };
  const room = (level: number, wobble = 0) =>
    series(
      Array.from({ length: 7 * 96 }, (_unused, index) => level + Math.sin(index / 9 + wobble)),
    );

  it('names the series furthest from the median, furthest first, and spreads the rest', () => {
    // Twenty rooms near 21 °C, one running warm (26 °C) and one cold (17 °C).
    const rooms = [
      ...Array.from({ length: 10 }, (_unused, index) => room(21 + index * 0.05, index)),
      room(26),
      ...Array.from({ length: 10 }, (_unused, index) => room(21 - index * 0.05, index)),
      room(17),
    ];
    const { rows, named } = bandForDrawing(rooms, rooms.length, week, 800, 4);
    expect(named.slice(0, 2)).toEqual([10, 21]);
    expect(named).toHaveLength(4);
    // A point each 15 minutes: no slot wider than the sensors' step.
    expect(rows).toHaveLength(7 * 96);
    for (const row of rows) {
      const [lowest, highest] = row.spread!;
      expect(lowest).toBeLessThan(17.01 + 1);
      expect(highest).toBeGreaterThan(26 - 1.01);
      expect(row.median!).toBeGreaterThanOrEqual(lowest);
      expect(row.median!).toBeLessThanOrEqual(highest);
      expect(Math.abs(row.median! - 21)).toBeLessThan(1.3);
      // The named series are drawn under lineKey(0..3), with their own values.
      expect(row[lineKey(0)]).toBeGreaterThan(24);
      expect(row[lineKey(1)]).toBeLessThan(19);
      expect(row.before).toBeNull();
    }
  });

  it('holds every series inside the spread, at every slot, whatever their values', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.float({ min: -50, max: 50, noNaN: true }), { minLength: 4, maxLength: 40 }),
          {
            minLength: 2,
            maxLength: 12,
          },
        ),
        (values) => {
          const lines = values.map((line) => series(line));
          const hours = { from: start, to: start + 40 * step };
          const slotted = rowsForDrawing(lines, hours, 800);
          const { rows, named } = bandForDrawing(lines, lines.length, hours, 800, 3);
          expect(named.length).toBe(Math.min(3, lines.length));
          rows.forEach((row, at) => {
            const inSlot = lines
              .map((_line, index) => slotted[at]![lineKey(index)])
              .filter((value): value is number => value !== null && value !== undefined);
            if (inSlot.length === 0) return expect(row.spread).toBeNull();
            expect(row.spread).toEqual([Math.min(...inSlot), Math.max(...inSlot)]);
            const sorted = [...inSlot].sort((a, b) => a - b);
            const middle = sorted.length >> 1;
            expect(row.median).toBeCloseTo(
              sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2,
            );
          });
        },
      ),
    );
  });

  it('draws the period before as its median only, outside the spread', () => {
    const now = [room(21), room(22), room(23)];
    const before = [room(18), room(19), room(30)];
    const { rows, named } = bandForDrawing([...now, ...before], now.length, week, 800, 2);
    expect(named.every((index) => index < now.length)).toBe(true);
    for (const row of rows) {
      expect(row.spread![1]).toBeLessThan(25);
      expect(Math.abs(row.before! - 19)).toBeLessThan(1.01);
    }
  });
});

describe('the words around a series', () => {
  it('says how old a reading is', () => {
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(12 * minute)).toBe('12 minutes ago');
    expect(formatAge(3 * 60 * minute)).toBe('3 hours ago');
    expect(formatAge(2 * 24 * 60 * minute)).toBe('2 days ago');
  });

  it('names the time zone with its UTC offset at that time (summer and winter)', () => {
    expect(describeTimeZone(Date.UTC(2026, 0, 15), 'Europe/Berlin')).toBe(
      'Europe/Berlin (UTC+01:00)',
    );
    expect(describeTimeZone(Date.UTC(2026, 6, 15), 'Europe/Berlin')).toBe(
      'Europe/Berlin (UTC+02:00)',
    );
    expect(describeTimeZone(Date.UTC(2026, 0, 15), 'UTC')).toBe('UTC (UTC+00:00)');
    expect(describeTimeZone(Date.UTC(2026, 0, 15), 'America/St_Johns')).toBe(
      'America/St_Johns (UTC-03:30)',
    );
  });

  it("summarizes a chart's series: the range of values, the readings and each series' gaps", () => {
    expect(summarize([series([3, 9, 1, 4])])).toEqual({
      minimum: 1,
      maximum: 9,
      count: 4,
      gaps: 0,
    });
    // A second series starting later is not a gap in the first, and brings its own.
    const later = [...series([5, 6, 7], start + 40 * step), ...series([8, 9], start + 50 * step)];
    expect(summarize([series([3, 9, 1, 4]), later])).toEqual({
      minimum: 1,
      maximum: 9,
      count: 9,
      gaps: 1,
    });
    expect(summarize([])).toEqual({ minimum: undefined, maximum: undefined, count: 0, gaps: 0 });
    expect(summarize([[], []])).toMatchObject({ count: 0, minimum: undefined });
  });

  it('counts the gaps where the line breaks, for any series', () => {
    const anySeries = fc
      .array(
        fc.tuple(
          fc.integer({ min: 1, max: 40 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
        {
          maxLength: 60,
        },
      )
      .map((steps) => {
        let time = start;
        return steps.map(([minutes, value]) => ({ time: (time += minutes * minute), value }));
      });
    fc.assert(
      fc.property(anySeries, (points) => {
        expect(summarize([points]).gaps).toBe(Math.max(splitAtGaps(points).length - 1, 0));
      }),
    );
  });
});

describe('history ranges', () => {
  const now = Date.UTC(2026, 10, 22, 9, 30);

  it('ends presets now and spans 24 hours, 7 or 30 days', () => {
    expect(historyRange('24h', now)).toEqual({ ok: true, from: now - 24 * 3600_000, to: now });
    expect(historyRange('7d', now)).toEqual({ ok: true, from: now - 7 * 86_400_000, to: now });
    expect(historyRange('30d', now)).toEqual({ ok: true, from: now - 30 * 86_400_000, to: now });
    expect(readPreset('1y')).toBe('24h');
    expect(readPreset('30d')).toBe('30d');
  });

  it("runs a custom range from the first midnight of the site's clock to the one after the last day", () => {
    const tokyo = historyClock('Asia/Tokyo');
    expect(
      historyRange('custom', now, { from: '2026-11-02', to: '2026-11-02' }, 366, tokyo),
    ).toEqual({
      ok: true,
      from: Date.UTC(2026, 10, 1, 15),
      to: Date.UTC(2026, 10, 2, 15),
    });
    expect(
      historyRange('custom', now, { from: '2028-02-29', to: '2028-03-01' }, 366, tokyo),
    ).toMatchObject({ ok: true });
  });

  it('refuses missing, impossible, backwards and over-long custom ranges in words', () => {
    expect(historyRange('custom', now, {})).toEqual({
      ok: false,
      problem: 'Choose the first and the last day of the range.',
    });
    expect(historyRange('custom', now, { from: '2026-02-30', to: '2026-03-02' }).ok).toBe(false);
    expect(historyRange('custom', now, { from: '2026-11-05', to: '2026-11-04' })).toEqual({
      ok: false,
      problem: 'The last day must not be before the first.',
    });
    expect(historyRange('custom', now, { from: '2025-11-22', to: '2026-11-21' }).ok).toBe(true);
    expect(historyRange('custom', now, { from: '2025-11-21', to: '2026-11-21' })).toEqual({
      ok: false,
      problem: 'A range may span at most 365 days.',
    });
  });

  it("counts the days of the clock changes as one day each, 23 and 25 hours long, on the site's clock", () => {
    // A London building, whatever the viewer's zone.
    const london = historyClock('Europe/London');
    const day = (date: string) =>
      historyRange('custom', now, { from: date, to: date }, 366, london);
    expect(day('2026-03-29')).toEqual({
      ok: true,
      from: Date.UTC(2026, 2, 29, 0),
      to: Date.UTC(2026, 2, 29, 23),
    });
    expect(day('2026-10-25')).toEqual({
      ok: true,
      from: Date.UTC(2026, 9, 24, 23),
      to: Date.UTC(2026, 9, 26, 0),
    });
    // A year of days from winter to winter: allowed.
    expect(
      historyRange('custom', now, { from: '2025-11-22', to: '2026-11-21' }, 366, london).ok,
    ).toBe(true);
  });

  it("reads and writes the site's days, refusing what is not a date", () => {
    const tokyo = historyClock('Asia/Tokyo');
    // 23:59 UTC on 5 January is 08:59 on the 6th in Tokyo.
    expect(tokyo.day(Date.UTC(2026, 0, 5, 23, 59))).toBe('2026-01-06');
    expect(tokyo.dayStart('2026-01-06')).toBe(Date.UTC(2026, 0, 5, 15));
    expect(tokyo.dayStart('2026-1-5')).toBeUndefined();
    expect(tokyo.dayStart('2027-02-29')).toBeUndefined();
    expect(tokyo.formatClock(Date.UTC(2026, 0, 5, 23, 59))).toMatch(/08:59|8:59/);
    // A site without a zone reads on the viewer's clock, and says so.
    expect(historyClock(null)).toMatchObject({ site: false });
    expect(historyClock('Not/AZone')).toMatchObject({ site: false });
  });
});

describe('timeTicks', () => {
  const hourOn = (time: number, timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(
        time,
      ),
    );
  const minuteOn = (time: number, timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { minute: '2-digit', timeZone }).format(time));

  it("ticks on the site's whole hours for a day and on its midnights for a week or a month", () => {
    const now = Date.UTC(2026, 10, 22, 9, 37);
    for (const zone of ['Asia/Tokyo', 'Asia/Kolkata', 'America/St_Johns', 'UTC']) {
      const day = timeTicks({ from: now - 24 * 3600_000, to: now }, zone);
      expect(day.length, zone).toBeLessThanOrEqual(8);
      expect(day.length, zone).toBeGreaterThanOrEqual(4);
      expect(day.every((time) => minuteOn(time, zone) === 0 && hourOn(time, zone) % 3 === 0)).toBe(
        true,
      );
      const week = timeTicks({ from: now - 7 * 86_400_000, to: now }, zone);
      expect(week, zone).toHaveLength(7);
      expect(week.every((time) => hourOn(time, zone) === 0 && minuteOn(time, zone) === 0)).toBe(
        true,
      );
      const month = timeTicks({ from: now - 30 * 86_400_000, to: now }, zone);
      expect(month.length).toBeLessThanOrEqual(8);
      expect(month.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('keeps ticking at midnight across a clock change (Europe/London)', () => {
    const ticks = timeTicks(
      { from: Date.UTC(2026, 9, 22), to: Date.UTC(2026, 9, 29) },
      'Europe/London',
    );
    expect(ticks.map((time) => hourOn(time, 'Europe/London'))).toEqual(Array(ticks.length).fill(0));
    expect(ticks).toContain(Date.UTC(2026, 9, 24, 23)); // 25 October, midnight BST
    expect(ticks).toContain(Date.UTC(2026, 9, 26, 0)); // 26 October, midnight GMT
  });
});

describe('rowsForDrawing', () => {
  const day = { from: start, to: start + 24 * 60 * minute };

  it('draws one series exactly as pointsForDrawing does', () => {
    const points = series([20, 21, 22]);
    expect(rowsForDrawing([points], day, 800)).toEqual(
      pointsForDrawing(points, 800).map((point) => ({ time: point.time, s0: point.value })),
    );
  });

  it('puts several series on common times, every line named in each row', () => {
    const a = series([20, 21, 22, 23]);
    const b = series([400, 500, 600, 700]).map((point) => ({
      ...point,
      time: point.time + minute,
    }));
    const rows = rowsForDrawing([a, b], day, 800);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => [row[lineKey(0)], row[lineKey(1)]])).toEqual([
      [20, 400],
      [21, 500],
      [22, 600],
      [23, 700],
    ]);
    expect(rows.every((row) => row.time >= day.from && row.time < day.to)).toBe(true);
  });

  it('draws across a reading a little late, and breaks every line where all are quiet', () => {
    const late = series([20, 21, 22, 23, 24, 25]).filter((_point, index) => index !== 2);
    const quiet = [...series([1, 2]), ...series([5, 6], start + 10 * step)];
    const rows = rowsForDrawing([late, quiet], day, 800);
    // The late one is drawn straight across its missing slot …
    expect(rows.map((row) => row[lineKey(0)]).slice(0, 6)).toEqual([20, 21, 22, 23, 24, 25]);
    // … the other breaks for its eight quiet slots, once, and goes on.
    const second = rows.map((row) => row[lineKey(1)]);
    expect(second.slice(0, 3)).toEqual([1, 2, null]);
    expect(second.filter((value) => value !== null)).toEqual([1, 2, 5, 6]);
    const lastLate = rows.findIndex((row) => row[lineKey(0)] === 25);
    expect(rows.slice(lastLate + 1, lastLate + 2).every((row) => row[lineKey(0)] === null)).toBe(
      true,
    );
  });

  it('keeps no more rows than asked for, however many readings', () => {
    const month = { from: start, to: start + 30 * 24 * 60 * minute };
    const dense = (offset: number) =>
      Array.from({ length: 30 * 24 * 60 }, (_unused, index) => ({
        time: start + index * minute + offset,
        value: index,
      }));
    const rows = rowsForDrawing([dense(0), dense(1000), dense(2000)], month, 800);
    expect(rows.length).toBeLessThanOrEqual(800);
    expect(rows.every((row) => [0, 1, 2].every((line) => row[lineKey(line)] !== null))).toBe(true);
  });
});
