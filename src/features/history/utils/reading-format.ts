import { siteDate, siteDayStart, nextDate } from '@/shared/rules/site-days';
import { describeTimeZone } from './time-series';

/** How the history panel writes a reading's value, in the person's locale. */
const valueFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
export const formatValue = (value: number) => valueFormat.format(value);

/** The viewer's own zone (the browser's). */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The clock a History panel reads time on: its site's, where the site says its zone (the comfort
 * hours it shades run on that clock, so 07:00 on the axis is 07:00 in the building), else the
 * viewer's. Written in the person's locale; days and ranges are days of that clock.
 */
export interface HistoryClock {
  /** The IANA zone. */
  timeZone: string;
  /** True where it is the site's own; false: the viewer's, the site not saying its zone. */
  site: boolean;
  /** "28 Nov 2026, 14:05". */
  formatTime: (time: number) => string;
  /** "14:05". */
  formatClock: (time: number) => string;
  /** The date at `time`, YYYY-MM-DD. */
  day: (time: number) => string;
  /** The instant `day` begins, or undefined for what is not a date. */
  dayStart: (day: string) => number | undefined;
  /** The date after `day`. */
  nextDay: (day: string) => string;
  /** "Asia/Tokyo (UTC+09:00)" at `at`. */
  describe: (at: number) => string;
}

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export function historyClock(siteTimeZone: string | null | undefined): HistoryClock {
  const site = Boolean(siteTimeZone && isZone(siteTimeZone));
  const timeZone = site ? siteTimeZone! : viewerZone();
  const time = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone });
  return {
    timeZone,
    site,
    formatTime: (at) => time.format(at),
    formatClock: (at) => clock.format(at),
    day: (at) => siteDate(at, timeZone),
    dayStart: (day) => siteDayStart(day, timeZone),
    nextDay: nextDate,
    describe: (at) => describeTimeZone(at, timeZone),
  };
}
