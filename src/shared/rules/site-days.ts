import { clockIn, dayMs } from './site-clock.ts';

/**
 * Whole days on a site's clock: a building's month is its own midnights, not London's, and not
 * the viewer's either (the building page says "use per day" on the site's clock whether the index
 * or the browser counted it). An unknown or missing zone reads as UTC, as the comfort hours do.
 */
export interface SiteDay {
  /** The local date, YYYY-MM-DD. */
  day: string;
  /** Its local midnight and the next, in ms (23 or 25 hours apart where the clocks change). */
  from: number;
  to: number;
}

const dateAndTime = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;

const clockOf = (timeZone: string | null | undefined) =>
  clockIn(timeZone, 'site-days', dateAndTime);

/** The wall-clock time at `time` in the zone, written as if it were UTC (ms). */
function wallClock(time: number, timeZone: string | null | undefined): number {
  const parts = clockOf(timeZone).formatToParts(new Date(time));
  const part = (type: string) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/** The instant of local midnight that begins the date `utcDate` (a UTC midnight naming the date). */
function localMidnight(utcDate: number, timeZone: string | null | undefined): number {
  // Two steps: the offset at the first guess, then at the instant it gives (a change of the
  // clocks between them moves the answer to the right side of it).
  const first = utcDate - (wallClock(utcDate, timeZone) - utcDate);
  return utcDate - (wallClock(first, timeZone) - first);
}

const isoDate = (utcDate: number) => new Date(utcDate).toISOString().slice(0, 10);

/** The site's date at `time`, YYYY-MM-DD. */
export function siteDate(time: number, timeZone: string | null | undefined): string {
  return isoDate(wallClock(time, timeZone));
}

/**
 * The `count` whole days before the site's today (which is not over), oldest first.
 */
export function daysBefore(
  now: number,
  timeZone: string | null | undefined,
  count: number,
): SiteDay[] {
  const today = Date.parse(`${siteDate(now, timeZone)}T00:00:00Z`);
  const days: SiteDay[] = [];
  for (let back = count; back >= 1; back--) {
    const date = today - back * dayMs;
    days.push({
      day: isoDate(date),
      from: localMidnight(date, timeZone),
      to: localMidnight(date + dayMs, timeZone),
    });
  }
  return days;
}

/** A whole month on a site's clock: its days, first to last. */
export interface SiteMonth {
  /** The local month, YYYY-MM. */
  month: string;
  /** Its first local midnight and the one after its last day, in ms. */
  from: number;
  to: number;
  days: SiteDay[];
}

/**
 * The `count` whole months before the site's current month (which is not over), oldest first:
 * a building's year is twelve of its own calendar months, as energy is reported.
 */
export function monthsBefore(
  now: number,
  timeZone: string | null | undefined,
  count: number,
): SiteMonth[] {
  const current = siteDate(now, timeZone).slice(0, 7);
  // The current month's days so far and `count` months of at most 31 days each.
  const byMonth = new Map<string, SiteDay[]>();
  for (const day of daysBefore(now, timeZone, 31 * (count + 1))) {
    const month = day.day.slice(0, 7);
    if (month === current) continue;
    const days = byMonth.get(month);
    if (days) days.push(day);
    else byMonth.set(month, [day]);
  }
  return [...byMonth]
    .slice(-count)
    .map(([month, days]) => ({ month, from: days[0]!.from, to: days.at(-1)!.to, days }));
}

/** The date after `day` (YYYY-MM-DD), whatever the clock. */
export const nextDate = (day: string): string => isoDate(Date.parse(`${day}T00:00:00Z`) + dayMs);

/**
 * The instant the site's date `day` (YYYY-MM-DD) begins, or undefined for anything that is not a
 * date ("2026-02-30"): a custom range's first day as the building lives it.
 */
export function siteDayStart(day: string, timeZone: string | null | undefined): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const utcDate = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utcDate) || isoDate(utcDate) !== day) return undefined;
  return localMidnight(utcDate, timeZone);
}

/**
 * The instant the site's clock reads `minutes` after the start of `day` (1,440: the next
 * midnight). In the hour a spring change skips, an instant of the hour after.
 */
export function siteInstant(
  day: string,
  minutes: number,
  timeZone: string | null | undefined,
): number {
  if (minutes >= 24 * 60) return siteDayStart(nextDate(day), timeZone)!;
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  const first = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(first, timeZone) - first);
}

/** The site's wall clock at `time`: its hour (0–23) and minute. */
export function siteHourAndMinute(
  time: number,
  timeZone: string | null | undefined,
): { hour: number; minute: number } {
  const wall = new Date(wallClock(time, timeZone));
  return { hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}
