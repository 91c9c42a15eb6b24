/**
 * The interface specification's timestamp for the historical-data query:
 * `YYYY-MM-DDTHH:mm:ss.SSS000Z` — UTC, three fraction digits, the literal digits `000`, then `Z`.
 * Every historical request the BFF sends writes its times with this one function.
 */
export function formatPlatformTimestamp(instant: Date | number): string {
  const date = typeof instant === 'number' ? new Date(instant) : instant;
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Not a valid date.');
  // toISOString is always UTC, whatever zone the date was written in. Outside years 0000-9999 it
  // writes six-digit years with a sign, which the platform's pattern has no room for.
  const iso = date.toISOString();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso)) {
    throw new RangeError('Only years 0000 to 9999 can be written in the platform format.');
  }
  return `${iso.slice(0, 23)}000Z`;
}

/** The instant an ISO 8601 date-time with an explicit zone names, or undefined when it names none. */
export function parseZonedDateTime(text: string): number | undefined {
  // A zone is required: without one, "2026-03-29T02:30" would mean the server's local time.
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/.exec(
      text,
    );
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', fraction = '0', zone] = match;
  const milliseconds = Number(fraction.slice(0, 3).padEnd(3, '0'));
  // Date.UTC reads years 0-99 as 1900-1999, so the year is set on its own.
  const check = new Date(
    Date.UTC(2000, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  check.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  check.setUTCMilliseconds(milliseconds);
  const local = check.getTime();
  // Dates roll over (30 February becomes 2 March); a real calendar date reads back the same.
  if (
    check.getUTCFullYear() !== Number(year) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    check.getUTCHours() !== Number(hour) ||
    check.getUTCMinutes() !== Number(minute) ||
    check.getUTCSeconds() !== Number(second)
  ) {
    return undefined;
  }
  if (zone === 'Z') return local;
  const sign = zone!.startsWith('-') ? -1 : 1;
  const [zoneHours, zoneMinutes] = zone!.slice(1).split(':').map(Number);
  if (zoneHours! > 18 || zoneMinutes! > 59) return undefined;
  return local - sign * (zoneHours! * 60 + zoneMinutes!) * 60_000;
}
