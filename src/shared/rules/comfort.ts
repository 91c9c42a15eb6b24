import { measurementKind } from './measurement-kinds.ts';
import { clockIn, dayMs, hourMs } from './site-clock.ts';
import { nextDate, siteDate, siteInstant } from './site-days.ts';

/**
 * Conditions against comfort: the bands a current reading is judged against, when they apply (the
 * comfort hours, on the site's clock), and the verdict, once, for every screen that shows one (a
 * room, a floor, a building) and for the index's "Needs attention" and the alarms it raises. The
 * bands and hours are the server's settings (COMFORT_*, server/config), served to the dashboard in
 * /api/capabilities.
 */

/** The kinds of reading with a published comfort band. */
export const bandKinds = ['temperature', 'co2', 'humidity'] as const;
export type BandKind = (typeof bandKinds)[number];

/** A band: its limits, its unit, and where it comes from. */
export interface BandLimits {
  low?: number | undefined;
  high?: number | undefined;
  unit: string;
  /** Where the band comes from, as a person would cite it. */
  source: string;
}
export type ComfortBands = Record<BandKind, BandLimits>;

/** A band with its kind: what a verdict names. */
export interface ComfortBand extends BandLimits {
  kind: BandKind;
}

export const defaultComfortBands: ComfortBands = {
  // EN 16798-1:2019, category II (normal expectation), offices in the heating season.
  temperature: { low: 20, high: 24, unit: '°C', source: 'EN 16798-1 category II, heating season' },
  // A common ventilation guideline (ASHRAE 62.1's long-used indicator, DIN EN 13779 IDA 2).
  co2: { high: 1000, unit: 'ppm', source: 'CO₂ 1,000 ppm guideline' },
  humidity: { low: 25, high: 60, unit: '%', source: 'EN 16798-1 category II' },
};

/** The Brick point classes each band applies to. */
export const bandKindOfType: Readonly<Record<string, BandKind>> = {
  Air_Temperature_Sensor: 'temperature',
  Zone_Air_Temperature_Sensor: 'temperature',
  CO2_Sensor: 'co2',
  Relative_Humidity_Sensor: 'humidity',
};

/** Each banded kind in the words every screen uses: its sensor's label. */
export const bandedKindLabels: Readonly<Record<BandKind, string>> = {
  temperature: measurementKind('Air_Temperature_Sensor').label,
  co2: measurementKind('CO2_Sensor').label,
  humidity: measurementKind('Relative_Humidity_Sensor').label,
};

/**
 * The band a reading of `type` is judged by: none for a kind without one, nor for a kind its room
 * is not judged on (`bands` of a store room: space-bands.ts).
 */
export const bandFor = (
  type: string | null | undefined,
  bands: Partial<ComfortBands>,
): ComfortBand | undefined => {
  const kind = type ? bandKindOfType[type] : undefined;
  const band = kind ? bands[kind] : undefined;
  return kind && band ? { ...band, kind } : undefined;
};

/**
 * When the bands apply: EN 16798-1's bands are for occupied hours, and a building's plant lets
 * rooms cool at night and at weekends on purpose, so outside these hours a reading gets no comfort
 * verdict. Judged at the reading's time on its site's clock (the site's IANA `timezone`).
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

/** The hours, and the clock of the site they are judged on (UTC when the site has none). */
export interface ComfortSchedule {
  hours: ComfortHours;
  timeZone: string | null | undefined;
}

export const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
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

const weekdayAndMinute = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** Whether `time` falls within the comfort hours on the site's clock (UTC without a known zone). */
export function withinComfortHours(time: number, schedule: ComfortSchedule): boolean {
  const parts = clockIn(schedule.timeZone, 'comfort-hours', weekdayAndMinute).formatToParts(
    new Date(time),
  );
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return (
    schedule.hours.days.includes(dayNames.indexOf(part('weekday') as (typeof dayNames)[number])) &&
    minute >= minutesOf(schedule.hours.from) &&
    minute < minutesOf(schedule.hours.to)
  );
}

/**
 * The stretches of `range` within the comfort hours, on the site's clock, first to last: where a
 * chart shades its band (the bands apply then only). The same hours as `withinComfortHours`, as
 * intervals: an instant lies in one exactly when that function says it is within them.
 */
export function comfortIntervals(
  range: { from: number; to: number },
  schedule: ComfortSchedule,
): Array<{ from: number; to: number }> {
  const { hours, timeZone } = schedule;
  const start = minutesOf(hours.from);
  const end = minutesOf(hours.to);
  const intervals: Array<{ from: number; to: number }> = [];
  if (end <= start) return intervals;
  const last = siteDate(range.to, timeZone);
  // From the day before: hours that began before the range may reach into it.
  for (let day = siteDate(range.from - dayMs, timeZone); day <= last; day = nextDate(day)) {
    if (!hours.days.includes(new Date(`${day}T00:00:00Z`).getUTCDay())) continue;
    const from = Math.max(siteInstant(day, start, timeZone), range.from);
    const to = Math.min(siteInstant(day, end, timeZone), range.to);
    if (to <= from) continue;
    const previous = intervals.at(-1);
    // Around the clock, or hours to midnight and from it: one stretch.
    if (previous && previous.to >= from) previous.to = Math.max(previous.to, to);
    else intervals.push({ from, to });
  }
  return intervals;
}

/** A reading older than this is stale: the platform's sensors report every 15 minutes. */
export const staleAfterMs = hourMs;

export type VerdictStatus = ComfortVerdict['status'];

export type ComfortVerdict =
  | { status: 'in-band'; band: ComfortBand }
  | { status: 'low' | 'high'; band: ComfortBand }
  | { status: 'stale'; band: ComfortBand | undefined }
  | { status: 'no-band' }
  | { status: 'not-a-number'; band: ComfortBand }
  /** Outside what the kind can physically read (85 °C in an office): the sensor, not the room. */
  | { status: 'implausible'; band: ComfortBand }
  /** Taken outside the comfort hours: the band does not apply then. */
  | { status: 'outside-hours'; band: ComfortBand };

/**
 * One current reading against its band: stale readings get no comfort verdict, a reading no room
 * could have is the sensor's fault, not out of band, and one taken outside the comfort hours is
 * not judged (without a schedule, the bands apply always).
 */
export function comfortVerdict(
  reading: {
    type: string | null | undefined;
    value: unknown;
    time: number;
    now: number;
  },
  bands: Partial<ComfortBands>,
  schedule?: ComfortSchedule,
): ComfortVerdict {
  const band = bandFor(reading.type, bands);
  if (reading.now - reading.time > staleAfterMs) return { status: 'stale', band };
  if (!band) return { status: 'no-band' };
  if (typeof reading.value !== 'number' || !Number.isFinite(reading.value))
    return { status: 'not-a-number', band };
  const plausible = measurementKind(reading.type).plausible;
  if (plausible && (reading.value < plausible[0] || reading.value > plausible[1]))
    return { status: 'implausible', band };
  if (schedule && !withinComfortHours(reading.time, schedule))
    return { status: 'outside-hours', band };
  if (band.low !== undefined && reading.value < band.low) return { status: 'low', band };
  if (band.high !== undefined && reading.value > band.high) return { status: 'high', band };
  return { status: 'in-band', band };
}

/**
 * CO₂ outdoors: a band with only a ceiling is measured from here, so "how far out" compares with
 * the room's whole allowed rise above fresh air.
 */
const outdoorCo2Ppm = 400;

/**
 * How far a reading is out of its band, as a share of the band's width (0 inside it): 26 °C in
 * 20–24 °C is 0.5, 1,300 ppm under a 1,000 ppm ceiling is 0.5. What "worst first" sorts by, so a
 * temperature and a CO₂ reading are ranked on one scale.
 */
export function outOfBandShare(value: number, band: BandLimits): number {
  const width = bandWidth(band);
  if (band.high !== undefined && value > band.high) return (value - band.high) / width;
  if (band.low !== undefined && value < band.low) return (band.low - value) / width;
  return 0;
}

/** The width "how far out" is measured against (a band with one limit: see outdoorCo2Ppm). */
export function bandWidth(band: BandLimits): number {
  const low = band.low ?? (band.unit === 'ppm' ? outdoorCo2Ppm : 0);
  const high = band.high ?? Number.POSITIVE_INFINITY;
  return Number.isFinite(high) ? Math.max(high - low, 1e-9) : Math.max(Math.abs(low), 1);
}

/**
 * Whether a value is back inside its band by at least `deadband` (a share of the band's width):
 * what clears an alarm, so a reading hovering at a limit does not raise and clear in turn.
 */
export function insideByDeadband(value: number, band: BandLimits, deadband: number): boolean {
  const margin = deadband * bandWidth(band);
  if (band.high !== undefined && value > band.high - margin) return false;
  if (band.low !== undefined && value < band.low + margin) return false;
  return true;
}

/**
 * What an out-of-band reading means, in a facility manager's words: "Too warm", "Stale air". Every
 * screen that says it (a room's chip, the portfolio's attention list and its CSV) reads this.
 */
export function outOfBandWord(kind: BandKind, status: 'low' | 'high'): string {
  if (kind === 'temperature') return status === 'high' ? 'Too warm' : 'Too cold';
  if (kind === 'co2') return status === 'high' ? 'Stale air' : 'Low CO₂';
  return status === 'high' ? 'Too humid' : 'Too dry';
}

/** "20–24 °C", "≤ 1,000 ppm": a band as a person reads it. */
export function describeBand(band: BandLimits): string {
  const number = new Intl.NumberFormat('en-US');
  if (band.low !== undefined && band.high !== undefined)
    return `${number.format(band.low)}–${number.format(band.high)} ${band.unit}`;
  if (band.high !== undefined) return `≤ ${number.format(band.high)} ${band.unit}`;
  return `≥ ${number.format(band.low ?? 0)} ${band.unit}`;
}
