import { minutesOf } from './comfort.ts';
import { clockIn, minuteMs } from './site-clock.ts';

/**
 * A person's quiet hours (decision 0021): from `from` to `to` ("22:00" to "07:00", across
 * midnight when `to` is earlier) on the clock of their own time zone. Alarm e-mails written in
 * them wait until they end, except critical ones. Read by the notifier when it writes a message
 * and by the settings screen when it says until when.
 */
export interface QuietHours {
  from: string;
  to: string;
  timeZone: string;
}

const hourAndMinute = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** Minutes after midnight at `time` on the clock of `timeZone`. */
export function minuteOfDay(time: number, timeZone: string): number {
  const parts = clockIn(timeZone, 'quiet-hours', hourAndMinute).formatToParts(new Date(time));
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Whether `time` falls within the quiet hours (never when they start and end alike). */
export function withinQuietHours(time: number, quiet: QuietHours): boolean {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  const now = minuteOfDay(time, quiet.timeZone);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * When the quiet hours around `time` end: the next moment their end shows on the person's clock
 * (`time` itself when it is not quiet then). A change of clocks in between moves the end with it.
 */
export function quietHoursEnd(time: number, quiet: QuietHours): number {
  if (!withinQuietHours(time, quiet)) return time;
  const to = minutesOf(quiet.to);
  const startOfMinute = time - (time % minuteMs);
  let end = startOfMinute + ((to - minuteOfDay(time, quiet.timeZone) + 1440) % 1440) * minuteMs;
  // Across a change of clocks the wall time is an hour off: find the minute that shows `to`.
  for (const shift of [0, -60, 60]) {
    const candidate = end + shift * minuteMs;
    if (candidate > time && minuteOfDay(candidate, quiet.timeZone) === to) return candidate;
  }
  // The end's wall time does not exist that day (skipped by the clocks): the first after it.
  while (withinQuietHours(end, quiet)) end += minuteMs;
  return end;
}

/** Whether `timeZone` names a zone this runtime knows (IANA, as "Europe/Helsinki"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
