/**
 * The comfort verdict (src/shared/rules/comfort.ts), once for the dashboard's rooms, floors and
 * buildings and the index's "Needs attention": on the site's clock, within the comfort hours set
 * (COMFORT_HOURS), against the bands set (COMFORT_*), and how far out, on one scale.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comfortIntervals,
  comfortVerdict,
  defaultComfortBands,
  defaultComfortHours,
  outOfBandShare,
  withinComfortHours,
  type ComfortBands,
  type ComfortHours,
} from '@/shared/rules/comfort';
import { comfortBandsFrom, comfortHoursSetting } from '../../server/comfort-settings';

const now = Date.UTC(2026, 10, 24, 12);

const pointTypes = [
  'Air_Temperature_Sensor',
  'Zone_Air_Temperature_Sensor',
  'CO2_Sensor',
  'Relative_Humidity_Sensor',
  'Occupancy_Count_Sensor',
  'Energy_Sensor',
  'Some_New_Sensor',
  null,
];

const bandsArbitrary: fc.Arbitrary<ComfortBands> = fc.oneof(
  fc.constant(defaultComfortBands),
  fc
    .record({
      temperature: fc.tuple(fc.integer({ min: 10, max: 25 }), fc.integer({ min: 1, max: 10 })),
      co2: fc.integer({ min: 400, max: 5000 }),
      humidity: fc.tuple(fc.integer({ min: 10, max: 50 }), fc.integer({ min: 1, max: 40 })),
    })
    .map(({ temperature, co2, humidity }) =>
      comfortBandsFrom({
        COMFORT_TEMPERATURE_C: { low: temperature[0], high: temperature[0] + temperature[1] },
        COMFORT_CO2_MAX_PPM: co2,
        COMFORT_HUMIDITY_PERCENT: { low: humidity[0], high: humidity[0] + humidity[1] },
        COMFORT_BANDS_SOURCE: 'our lease',
      }),
    ),
);

const valueArbitrary = fc.oneof(
  fc.double({ min: -50, max: 6000, noNaN: true }),
  fc.integer({ min: 0, max: 2000 }),
  fc.constantFrom(
    20,
    24,
    25,
    60,
    85,
    -31,
    101,
    299,
    1000,
    4999,
    5000,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
  fc.constant(null),
);

const hoursArbitrary: fc.Arbitrary<ComfortHours> = fc.oneof(
  fc.constant(defaultComfortHours),
  fc
    .constantFrom(
      'always',
      'Mon-Sat 06:30-20:00',
      'Sun 00:00-24:00',
      'Fri-Mon 22:00-23:45',
      'Tue,Thu 09:15-09:30',
    )
    .map((text) => comfortHoursSetting.parse(text)),
);

/** The emulator's zones, a half-hour and a quarter-hour one, the southern hemisphere, and none. */
const timeZones = [
  'Europe/Oslo',
  'Europe/London',
  'Asia/Tokyo',
  'America/Chicago',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Sydney',
  'Not/A_Zone',
  null,
  undefined,
];

const indexVerdict = (...args: Parameters<typeof comfortVerdict>) => comfortVerdict(...args).status;

describe('the comfort verdict', () => {
  it('judges a reading only within the comfort hours of its site, at any time of the year', () => {
    fc.assert(
      fc.property(
        // Any quarter hour across two years, DST changes included.
        fc.integer({ min: 0, max: 2 * 366 * 96 }),
        fc.constantFrom(...timeZones),
        hoursArbitrary,
        fc.constantFrom(...pointTypes),
        valueArbitrary,
        bandsArbitrary,
        (quarter, timeZone, hours, type, value, bands) => {
          const time = Date.UTC(2026, 0, 1) + quarter * 15 * 60_000;
          const reading = { type, value, time, now: time + 5 * 60_000 };
          const status = indexVerdict(reading, bands, { hours, timeZone });
          if (status === 'outside-hours')
            expect(withinComfortHours(time, { hours, timeZone })).toBe(false);
          if (status === 'low' || status === 'high' || status === 'in-band')
            expect(withinComfortHours(time, { hours, timeZone })).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('shades the same hours on a chart as it judges readings in, at any time of the year', () => {
    // The chart's stretches (comfortIntervals) and the verdict's test (withinComfortHours) are two
    // forms of one fact: an instant lies in a stretch exactly when it is within the hours.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 366 * 24 }),
        fc.integer({ min: 1, max: 9 * 24 }),
        fc.constantFrom(...timeZones),
        hoursArbitrary,
        fc.array(fc.integer({ min: 0, max: 9 * 24 * 60 }), { minLength: 1, maxLength: 20 }),
        (hour, spanHours, timeZone, hours, probes) => {
          const range = { from: Date.UTC(2026, 0, 1) + hour * 3_600_000, to: 0 };
          range.to = range.from + spanHours * 3_600_000;
          const stretches = comfortIntervals(range, { hours, timeZone });
          for (const [index, stretch] of stretches.entries()) {
            expect(stretch.from).toBeLessThan(stretch.to);
            expect(stretch.from).toBeGreaterThanOrEqual(range.from);
            expect(stretch.to).toBeLessThanOrEqual(range.to);
            if (index > 0) expect(stretch.from).toBeGreaterThan(stretches[index - 1]!.to);
          }
          for (const minute of probes) {
            const time = range.from + (minute % (spanHours * 60)) * 60_000;
            expect(
              stretches.some((stretch) => stretch.from <= time && time < stretch.to),
              new Date(time).toISOString(),
            ).toBe(withinComfortHours(time, { hours, timeZone }));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("judge a reading on its site's clock", () => {
    const temperature = (iso: string) => ({
      type: 'Air_Temperature_Sensor',
      value: 17,
      time: Date.parse(iso),
      now: Date.parse(iso),
    });
    const schedule = (timeZone: string | null) => ({ hours: defaultComfortHours, timeZone });
    // Tuesday 08:00 UTC: 09:00 in Oslo (hours), 17:00 in Tokyo (hours), 02:00 in Austin (night).
    const morning = temperature('2026-11-24T08:00:00Z');
    expect(indexVerdict(morning, defaultComfortBands, schedule('Europe/Oslo'))).toBe('low');
    expect(indexVerdict(morning, defaultComfortBands, schedule('Asia/Tokyo'))).toBe('low');
    expect(indexVerdict(morning, defaultComfortBands, schedule('America/Chicago'))).toBe(
      'outside-hours',
    );
    // Saturday noon anywhere is outside weekday hours; 19:00 sharp is already outside.
    expect(
      indexVerdict(temperature('2026-11-28T12:00:00Z'), defaultComfortBands, schedule(null)),
    ).toBe('outside-hours');
    expect(
      indexVerdict(temperature('2026-11-24T19:00:00Z'), defaultComfortBands, schedule(null)),
    ).toBe('outside-hours');
    expect(
      indexVerdict(temperature('2026-11-24T18:59:00Z'), defaultComfortBands, schedule(null)),
    ).toBe('low');
    // In summer, Oslo's clock is two hours ahead: 05:30 UTC is 07:30 there.
    expect(
      indexVerdict(
        temperature('2026-06-16T05:30:00Z'),
        defaultComfortBands,
        schedule('Europe/Oslo'),
      ),
    ).toBe('low');
  });

  it('gives stale readings, readings no sensor could take and numbers alone no comfort verdict', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pointTypes),
        valueArbitrary,
        // Minutes old, around the hour after which a reading is stale.
        fc.oneof(fc.integer({ min: 0, max: 180 }), fc.constant(60)),
        bandsArbitrary,
        (type, value, minutesOld, bands) => {
          const status = indexVerdict({ type, value, time: now - minutesOld * 60_000, now }, bands);
          if (minutesOld > 60) expect(status).toBe('stale');
          else if (typeof value !== 'number' || !Number.isFinite(value))
            expect(['no-band', 'not-a-number']).toContain(status);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('ranks how far out of band on one scale for every kind', () => {
    const { temperature, co2, humidity } = defaultComfortBands;
    expect(outOfBandShare(22, temperature)).toBe(0);
    expect(outOfBandShare(26, temperature)).toBeCloseTo(0.5);
    expect(outOfBandShare(18, temperature)).toBeCloseTo(0.5);
    // A ceiling alone is measured from fresh air's 400 ppm: 1,300 ppm is half its allowed rise out.
    expect(outOfBandShare(1300, co2)).toBeCloseTo(0.5);
    expect(outOfBandShare(900, co2)).toBe(0);
    expect(outOfBandShare(67, humidity)).toBeCloseTo(0.2);
    // Further out is worse, whichever the kind.
    expect(outOfBandShare(1900, co2)).toBeGreaterThan(outOfBandShare(26, temperature));
  });
});
