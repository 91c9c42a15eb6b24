/**
 * The spec's historical-data timestamp, `YYYY-MM-DDTHH:mm:ss.SSS000Z`, written by one function for
 * every history request, and the zoned ISO date-times the browser sends, read by one other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHistoryTimestamp } from '../../server/emulator/rest-parameters';
import {
  formatPlatformTimestamp,
  parseZonedDateTime,
} from '../../server/platform/platform-timestamp';

const pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}000Z$/;

describe('formatPlatformTimestamp', () => {
  it('writes UTC with three fraction digits, the literal 000 and Z', () => {
    expect(formatPlatformTimestamp(Date.UTC(2026, 10, 22, 8, 5, 9, 42))).toBe(
      '2026-11-22T08:05:09.042000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-11-22T08:05:09Z'))).toBe(
      '2026-11-22T08:05:09.000000Z',
    );
  });

  it('converts a time written in any zone to UTC', () => {
    expect(formatPlatformTimestamp(new Date('2026-11-22T09:30:00+01:00'))).toBe(
      '2026-11-22T08:30:00.000000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-11-21T22:45:00-05:30'))).toBe(
      '2026-11-22T04:15:00.000000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-11-22T05:45:00+14:00'))).toBe(
      '2026-11-21T15:45:00.000000Z',
    );
  });

  it('moves across midnight, month and year ends in UTC, not in the local calendar', () => {
    expect(formatPlatformTimestamp(new Date('2027-01-01T00:30:00+02:00'))).toBe(
      '2026-12-31T22:30:00.000000Z',
    );
    expect(formatPlatformTimestamp(Date.UTC(2026, 10, 22))).toBe('2026-11-22T00:00:00.000000Z');
    expect(formatPlatformTimestamp(Date.UTC(2026, 10, 21, 23, 59, 59, 999))).toBe(
      '2026-11-21T23:59:59.999000Z',
    );
  });

  it('is unaffected by daylight-saving changes (Europe/London and US spring forward and fall back)', () => {
    // 29 March 2026 01:00 UTC: London goes from GMT to BST; the hour 01:00-02:00 local does not exist.
    expect(formatPlatformTimestamp(new Date('2026-03-29T00:59:59.999+00:00'))).toBe(
      '2026-03-29T00:59:59.999000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-03-29T02:00:00+01:00'))).toBe(
      '2026-03-29T01:00:00.000000Z',
    );
    // 25 October 2026: 01:30 local happens twice in London, once per offset.
    expect(formatPlatformTimestamp(new Date('2026-10-25T01:30:00+01:00'))).toBe(
      '2026-10-25T00:30:00.000000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-10-25T01:30:00+00:00'))).toBe(
      '2026-10-25T01:30:00.000000Z',
    );
    // New York, 1 November 2026, 01:30 EDT then 01:30 EST.
    expect(formatPlatformTimestamp(new Date('2026-11-01T01:30:00-04:00'))).toBe(
      '2026-11-01T05:30:00.000000Z',
    );
    expect(formatPlatformTimestamp(new Date('2026-11-01T01:30:00-05:00'))).toBe(
      '2026-11-01T06:30:00.000000Z',
    );
  });

  it('writes leap days and the edges of the four-digit years', () => {
    expect(formatPlatformTimestamp(Date.UTC(2028, 1, 29, 12))).toBe('2028-02-29T12:00:00.000000Z');
    expect(formatPlatformTimestamp(Date.UTC(2000, 1, 29))).toBe('2000-02-29T00:00:00.000000Z');
    expect(formatPlatformTimestamp(Date.parse('9999-12-31T23:59:59.999Z'))).toBe(
      '9999-12-31T23:59:59.999000Z',
    );
    expect(formatPlatformTimestamp(Date.parse('0000-01-01T00:00:00.000Z'))).toBe(
      '0000-01-01T00:00:00.000000Z',
    );
  });

  it('refuses invalid dates and years it cannot write in four digits', () => {
    expect(() => formatPlatformTimestamp(new Date('not a date'))).toThrow(RangeError);
    expect(() => formatPlatformTimestamp(Number.NaN)).toThrow(RangeError);
    expect(() => formatPlatformTimestamp(Date.parse('9999-12-31T23:59:59.999Z') + 1)).toThrow(
      /0000 to 9999/,
    );
    expect(() => formatPlatformTimestamp(Date.parse('0000-01-01T00:00:00.000Z') - 1)).toThrow(
      /0000 to 9999/,
    );
  });

  it('always matches the pattern and reads back as the same instant (the emulator reads it strictly)', () => {
    const earliest = Date.parse('0000-01-01T00:00:00.000Z');
    const latest = Date.parse('9999-12-31T23:59:59.999Z');
    fc.assert(
      fc.property(fc.integer({ min: earliest, max: latest }), (time) => {
        const written = formatPlatformTimestamp(time);
        expect(written).toMatch(pattern);
        expect(parseHistoryTimestamp(written)).toBe(time);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseZonedDateTime (what the browser may send as from and to)', () => {
  it('reads UTC and offset forms to the same instant', () => {
    const instant = Date.UTC(2026, 10, 22, 8, 0);
    expect(parseZonedDateTime('2026-11-22T08:00:00Z')).toBe(instant);
    expect(parseZonedDateTime('2026-11-22T08:00Z')).toBe(instant);
    expect(parseZonedDateTime('2026-11-22T09:00:00.000+01:00')).toBe(instant);
    expect(parseZonedDateTime('2026-11-22T02:30:00-05:30')).toBe(instant);
    expect(parseZonedDateTime('2026-11-22T08:00:00.1234567Z')).toBe(instant + 123);
  });

  it('refuses a time without a zone, impossible dates and other shapes', () => {
    for (const text of [
      '2026-11-22T08:00:00', // local time of which zone?
      '2026-02-29T00:00:00Z', // 2026 is not a leap year
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-22T24:00:00Z',
      '2026-11-22T08:60:00Z',
      '2026-11-22T08:00:00+19:00',
      '2026-11-22',
      '1732262400000',
      'yesterday',
      '',
      ' 2026-11-22T08:00:00Z',
      '+002026-11-22T08:00:00Z',
    ]) {
      expect(parseZonedDateTime(text), text).toBeUndefined();
    }
  });

  it('reads leap days and the first and last four-digit years', () => {
    expect(parseZonedDateTime('2028-02-29T00:00:00Z')).toBe(Date.UTC(2028, 1, 29));
    expect(parseZonedDateTime('0000-01-01T00:00:00Z')).toBe(Date.parse('0000-01-01T00:00:00Z'));
    expect(parseZonedDateTime('0099-06-01T00:00:00Z')).toBe(Date.parse('0099-06-01T00:00:00Z'));
    expect(parseZonedDateTime('9999-12-31T23:59:59.999Z')).toBe(
      Date.parse('9999-12-31T23:59:59.999Z'),
    );
  });
});

describe('the emulator reads the format strictly', () => {
  it.each([
    '2026-11-22T08:00:00.000Z',
    '2026-11-22T08:00:00.0000000Z',
    '2026-11-22T08:00:00.000000+00:00',
    '2026-11-22T08:00:00.123456Z',
    '2026-02-30T08:00:00.000000Z',
    '2026-11-22 08:00:00.000000Z',
  ])('refuses %s', (text) => {
    expect(parseHistoryTimestamp(text)).toBeUndefined();
  });
});
