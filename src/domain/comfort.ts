/**
 * Comfort bands for the kinds that have a published one, each with its source named, and the one
 * verdict a current reading gets against them. Computed here only: the room's conditions, the
 * floor's column and the building's counts all read `comfortVerdict`.
 */
/** The kinds with a published comfort band. */
export type ReadingKindKey = 'temperature' | 'co2' | 'humidity';

export interface ComfortBand {
  kind: ReadingKindKey;
  low?: number;
  high?: number;
  unit: string;
  /** Where the band comes from, as a person would cite it. */
  source: string;
}

export const comfortBands: Record<ReadingKindKey, ComfortBand> = {
  // EN 16798-1:2019, category II (normal expectation), offices in the heating season.
  temperature: {
    kind: 'temperature',
    low: 20,
    high: 24,
    unit: '°C',
    source: 'EN 16798-1 category II, heating season',
  },
  // A common ventilation guideline (e.g. ASHRAE 62.1's long-used indicator, DIN EN 13779 IDA 2).
  co2: { kind: 'co2', high: 1000, unit: 'ppm', source: 'CO₂ 1,000 ppm guideline' },
  humidity: {
    kind: 'humidity',
    low: 25,
    high: 60,
    unit: '%',
    source: 'EN 16798-1 category II',
  },
};

/** The Brick point classes each band applies to. */
const bandOfType: Record<string, ReadingKindKey> = {
  Air_Temperature_Sensor: 'temperature',
  Zone_Air_Temperature_Sensor: 'temperature',
  CO2_Sensor: 'co2',
  Relative_Humidity_Sensor: 'humidity',
};

export const bandFor = (type: string | null | undefined): ComfortBand | undefined => {
  const key = type ? bandOfType[type] : undefined;
  return key ? comfortBands[key] : undefined;
};

/** A reading older than this is stale: the platform's sensors report every 15 minutes. */
export const staleAfterMs = 60 * 60 * 1000;

export type ComfortVerdict =
  | { status: 'in-band'; band: ComfortBand }
  | { status: 'low' | 'high'; band: ComfortBand }
  | { status: 'stale'; band: ComfortBand | undefined }
  | { status: 'no-band' }
  | { status: 'not-a-number'; band: ComfortBand };

/** One current reading against its band: stale readings get no comfort verdict. */
export function comfortVerdict(reading: {
  type: string | null | undefined;
  value: unknown;
  time: number;
  now: number;
}): ComfortVerdict {
  const band = bandFor(reading.type);
  if (reading.now - reading.time > staleAfterMs) return { status: 'stale', band };
  if (!band) return { status: 'no-band' };
  if (typeof reading.value !== 'number' || !Number.isFinite(reading.value))
    return { status: 'not-a-number', band };
  if (band.low !== undefined && reading.value < band.low) return { status: 'low', band };
  if (band.high !== undefined && reading.value > band.high) return { status: 'high', band };
  return { status: 'in-band', band };
}

/** "20–24 °C", "≤ 1,000 ppm": a band as a person reads it. */
export function describeBand(band: ComfortBand): string {
  const number = new Intl.NumberFormat('en-US');
  if (band.low !== undefined && band.high !== undefined)
    return `${number.format(band.low)}–${number.format(band.high)} ${band.unit}`;
  if (band.high !== undefined) return `≤ ${number.format(band.high)} ${band.unit}`;
  return `≥ ${number.format(band.low ?? 0)} ${band.unit}`;
}
