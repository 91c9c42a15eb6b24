import type { ComfortBand, ComfortBands } from './comfort-bands.ts';
import { withinComfortHours, type ComfortHours } from './comfort-hours.ts';

/**
 * The verdict a current reading gets against its comfort band, as the portfolio's "Needs
 * attention" list works it out. The dashboard judges the readings it shows (a room, a floor, a
 * building) with its own `comfortVerdict` (src/domain/comfort.ts), and a room must read the same on
 * both: tests/server/comfort-verdict-agreement.test.ts checks the two agree on every reading.
 */
export type BandKind = keyof ComfortBands;

/** The Brick point classes each band applies to. */
export const bandKindOfType: Readonly<Record<string, BandKind>> = {
  Air_Temperature_Sensor: 'temperature',
  Zone_Air_Temperature_Sensor: 'temperature',
  CO2_Sensor: 'co2',
  Relative_Humidity_Sensor: 'humidity',
};

/** A reading older than this is stale: the platform's sensors report every 15 minutes. */
export const staleAfterMs = 60 * 60 * 1000;

/**
 * What a sensor of each banded kind can physically read: beyond it, the sensor is faulty (85 °C in
 * an office; 5,000 ppm, the full scale of common CO₂ sensors), not the room out of band.
 */
const plausibleOf: Readonly<Record<BandKind, readonly [number, number]>> = {
  temperature: [-30, 60],
  co2: [300, 4999],
  humidity: [0, 100],
};

export type VerdictStatus =
  | 'in-band'
  | 'low'
  | 'high'
  | 'stale'
  | 'no-band'
  | 'not-a-number'
  | 'implausible'
  | 'outside-hours';

/** When the bands apply, on the clock of the reading's site. */
export interface ComfortSchedule {
  hours: ComfortHours;
  timeZone: string | null | undefined;
}

/**
 * One current reading against its band: stale readings get no comfort verdict, faulty ones none,
 * and one taken outside the comfort hours none (without a schedule, the bands apply always).
 */
export function comfortVerdict(
  reading: { type: string | null | undefined; value: unknown; time: number; now: number },
  bands: ComfortBands,
  schedule?: ComfortSchedule,
): VerdictStatus {
  const kind = reading.type ? bandKindOfType[reading.type] : undefined;
  if (reading.now - reading.time > staleAfterMs) return 'stale';
  if (!kind) return 'no-band';
  const band = bands[kind];
  if (typeof reading.value !== 'number' || !Number.isFinite(reading.value)) return 'not-a-number';
  const [lowest, highest] = plausibleOf[kind];
  if (reading.value < lowest || reading.value > highest) return 'implausible';
  if (schedule && !withinComfortHours(reading.time, schedule.hours, schedule.timeZone))
    return 'outside-hours';
  if (band.low !== undefined && reading.value < band.low) return 'low';
  if (band.high !== undefined && reading.value > band.high) return 'high';
  return 'in-band';
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
export function outOfBandShare(value: number, band: ComfortBand): number {
  const low = band.low ?? (band.unit === 'ppm' ? outdoorCo2Ppm : 0);
  const high = band.high ?? Number.POSITIVE_INFINITY;
  const width = Number.isFinite(high) ? Math.max(high - low, 1e-9) : Math.max(Math.abs(low), 1);
  if (value > high) return (value - high) / width;
  if (band.low !== undefined && value < band.low) return (band.low - value) / width;
  return 0;
}
