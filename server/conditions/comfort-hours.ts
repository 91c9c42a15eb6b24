import { z } from 'zod';
import { clockIn } from '../time-zone-clock.ts';

/**
 * When the comfort bands apply: EN 16798-1's bands are for occupied hours, and a building's plant
 * lets rooms cool at night and at weekends on purpose. Outside these hours a reading gets no
 * comfort verdict (neither the room pages nor "Needs attention" call an office at 17 °C at 3 a.m.
 * "too cold"). Judged at the reading's time on its site's clock (the site's IANA `timezone`).
 * Served to the dashboard in /api/capabilities beside the bands; the dashboard's copy of
 * `withinComfortHours` (src/domain/comfort.ts) is held to agree by
 * tests/server/comfort-verdict-agreement.test.ts.
 */
export interface ComfortHours {
  /** The days they apply, 0 Sunday to 6 Saturday. */
  days: number[];
  /** Local start, "07:00". */
  from: string;
  /** Local end (exclusive), "19:00"; "24:00" for the end of the day. */
  to: string;
  /** As a person reads them: "weekdays 07:00–19:00", "around the clock". */
  label: string;
}

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

function describeDays(days: readonly number[]): string {
  const key = [...days].sort((a, b) => a - b).join('');
  if (key === '0123456') return 'every day';
  if (key === '12345') return 'weekdays';
  if (key === '06') return 'weekends';
  return [...days]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((day) => dayNames[day])
    .join(', ');
}

export function comfortHoursOf(days: readonly number[], from: string, to: string): ComfortHours {
  const allDay = from === '00:00' && to === '24:00';
  return {
    days: [...new Set(days)].sort((a, b) => a - b),
    from,
    to,
    label: allDay && days.length === 7 ? 'around the clock' : `${describeDays(days)} ${from}–${to}`,
  };
}

export const defaultComfortHours = comfortHoursOf([1, 2, 3, 4, 5], '07:00', '19:00');

const dayPattern = '(?:mon|tue|wed|thu|fri|sat|sun)';
const hoursPattern = new RegExp(
  String.raw`^(${dayPattern}(?:\s*-\s*${dayPattern})?(?:\s*,\s*${dayPattern}(?:\s*-\s*${dayPattern})?)*)\s+([01]\d|2[0-3]):([0-5]\d)\s*-\s*(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$`,
  'i',
);

const dayIndex = (name: string) =>
  dayNames.findIndex((day) => day.toLowerCase() === name.trim().toLowerCase().slice(0, 3));

/** COMFORT_HOURS: "Mon-Fri 07:00-19:00", "Mon,Wed,Fri 08:00-17:00", or "always". */
export const comfortHoursSetting = z
  .string()
  .trim()
  .transform((text, context): ComfortHours => {
    if (/^always$/i.test(text)) return comfortHoursOf([0, 1, 2, 3, 4, 5, 6], '00:00', '24:00');
    const match = hoursPattern.exec(text);
    const from = match ? `${match[2]}:${match[3]}` : '';
    const to = match ? (match[6] ? '24:00' : `${match[4]}:${match[5]}`) : '';
    if (!match || !(minutesOf(from) < minutesOf(to))) {
      context.addIssue({
        code: 'custom',
        message:
          'must be days and local hours, e.g. "Mon-Fri 07:00-19:00" or "Mon,Wed 08:00-17:00" (the start before the end, within one day), or "always"',
      });
      return z.NEVER;
    }
    const days = new Set<number>();
    for (const part of match[1]!.split(',')) {
      const [first, last = first] = part.split('-').map(dayIndex) as [number, number?];
      for (let day = first; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === last) break;
      }
    }
    return comfortHoursOf([...days], from, to);
  });

const weekdayAndMinute = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** A formatter for the zone; an unknown or missing zone reads as UTC. */
const clockOf = (timeZone: string | null | undefined) =>
  clockIn(timeZone, 'comfort-hours', weekdayAndMinute);

/** Whether `time` (ms) falls within the hours on the clock of `timeZone` (UTC without one). */
export function withinComfortHours(
  time: number,
  hours: ComfortHours,
  timeZone: string | null | undefined,
): boolean {
  const parts = clockOf(timeZone).formatToParts(new Date(time));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = dayIndex(part('weekday'));
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return (
    hours.days.includes(day) && minute >= minutesOf(hours.from) && minute < minutesOf(hours.to)
  );
}
