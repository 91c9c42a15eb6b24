import { measurementKind } from './measurement-kinds';

/**
 * The verdict a current reading gets against its comfort band. The bands themselves are the BFF's
 * (COMFORT_* settings, EN 16798-1 by default), read from /api/capabilities: every screen judges
 * with the one set. Computed here only: the room's conditions, the floor's column and the
 * building's counts all read `comfortVerdict`.
 */
/** The kinds with a published comfort band. */
export type ReadingKindKey = 'temperature' | 'co2' | 'humidity';

/** A band as the BFF serves it: limits, unit, and where it comes from. */
export interface BandLimits {
  low?: number | undefined;
  high?: number | undefined;
  unit: string;
  /** Where the band comes from, as a person would cite it. */
  source: string;
}

export type ComfortBands = Record<ReadingKindKey, BandLimits>;

/** Each banded kind in the words every screen uses: its sensor's label (measurement-kinds). */
export const bandedKindLabels: Record<ReadingKindKey, string> = {
  temperature: measurementKind('Air_Temperature_Sensor').label,
  co2: measurementKind('CO2_Sensor').label,
  humidity: measurementKind('Relative_Humidity_Sensor').label,
};

export interface ComfortBand extends BandLimits {
  kind: ReadingKindKey;
}

/** The Brick point classes each band applies to. */
const bandOfType: Record<string, ReadingKindKey> = {
  Air_Temperature_Sensor: 'temperature',
  Zone_Air_Temperature_Sensor: 'temperature',
  CO2_Sensor: 'co2',
  Relative_Humidity_Sensor: 'humidity',
};

export const bandFor = (
  type: string | null | undefined,
  bands: ComfortBands,
): ComfortBand | undefined => {
  const kind = type ? bandOfType[type] : undefined;
  return kind ? { ...bands[kind], kind } : undefined;
};

/**
 * When the bands apply (the BFF's COMFORT_HOURS, served beside them): EN 16798-1's bands are for
 * occupied hours, and plant lets rooms cool at night on purpose. Judged at the reading's time on
 * its site's clock. The portfolio index judges with its own copy (server/conditions/
 * comfort-hours.ts); tests/server/comfort-verdict-agreement.test.ts holds the two to agreeing.
 */
export interface ComfortHours {
  /** 0 Sunday to 6 Saturday. */
  days: number[];
  /** Local "07:00". */
  from: string;
  /** Local end, exclusive; "24:00" for the end of the day. */
  to: string;
  /** "weekdays 07:00–19:00", "around the clock". */
  label: string;
}

/** The hours, and the clock of the site they are judged on (UTC when the site has none). */
export interface ComfortSchedule {
  hours: ComfortHours;
  timeZone: string | null | undefined;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string | null | undefined): Intl.DateTimeFormat {
  const zone = timeZone || 'UTC';
  let clock = clocks.get(zone);
  if (!clock) {
    const options = {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    } as const;
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // A zone this browser does not know reads as UTC, as the index reads it.
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    clocks.set(zone, clock);
  }
  return clock;
}

/** Whether `time` falls within the comfort hours on the site's clock. */
export function withinComfortHours(time: number, schedule: ComfortSchedule): boolean {
  const parts = clockOf(schedule.timeZone).formatToParts(new Date(time));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return (
    schedule.hours.days.includes(weekdays.indexOf(part('weekday'))) &&
    minute >= minutesOf(schedule.hours.from) &&
    minute < minutesOf(schedule.hours.to)
  );
}

/** A reading older than this is stale: the platform's sensors report every 15 minutes. */
export const staleAfterMs = 60 * 60 * 1000;

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
  bands: ComfortBands,
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
 * What an out-of-band reading means, in a facility manager's words: "Too warm", "Stale air". Every
 * screen that says it (a room's chip, the portfolio's attention list and its CSV) reads this.
 */
export function outOfBandWord(kind: ReadingKindKey, status: 'low' | 'high'): string {
  if (kind === 'temperature') return status === 'high' ? 'Too warm' : 'Too cold';
  if (kind === 'co2') return status === 'high' ? 'Stale air' : 'Low CO₂';
  return status === 'high' ? 'Too humid' : 'Too dry';
}

/** "20–24 °C", "≤ 1,000 ppm": a band as a person reads it. */
export function describeBand(band: ComfortBand): string {
  const number = new Intl.NumberFormat('en-US');
  if (band.low !== undefined && band.high !== undefined)
    return `${number.format(band.low)}–${number.format(band.high)} ${band.unit}`;
  if (band.high !== undefined) return `≤ ${number.format(band.high)} ${band.unit}`;
  return `≥ ${number.format(band.low ?? 0)} ${band.unit}`;
}
