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

/** A reading older than this is stale: the platform's sensors report every 15 minutes. */
export const staleAfterMs = 60 * 60 * 1000;

export type ComfortVerdict =
  | { status: 'in-band'; band: ComfortBand }
  | { status: 'low' | 'high'; band: ComfortBand }
  | { status: 'stale'; band: ComfortBand | undefined }
  | { status: 'no-band' }
  | { status: 'not-a-number'; band: ComfortBand }
  /** Outside what the kind can physically read (85 °C in an office): the sensor, not the room. */
  | { status: 'implausible'; band: ComfortBand };

/**
 * One current reading against its band: stale readings get no comfort verdict, and a reading no
 * room could have is the sensor's fault, not out of band.
 */
export function comfortVerdict(
  reading: {
    type: string | null | undefined;
    value: unknown;
    time: number;
    now: number;
  },
  bands: ComfortBands,
): ComfortVerdict {
  const band = bandFor(reading.type, bands);
  if (reading.now - reading.time > staleAfterMs) return { status: 'stale', band };
  if (!band) return { status: 'no-band' };
  if (typeof reading.value !== 'number' || !Number.isFinite(reading.value))
    return { status: 'not-a-number', band };
  const plausible = measurementKind(reading.type).plausible;
  if (plausible && (reading.value < plausible[0] || reading.value > plausible[1]))
    return { status: 'implausible', band };
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
