import { z } from 'zod';

/**
 * The comfort bands the dashboard judges current readings against, one per kind that has a
 * published band, each with its source named. Defined here only: the SPA reads them from
 * /api/capabilities (so every screen, and any server-side verdict to come, uses one set), and an
 * operator whose buildings follow another standard or season sets their own.
 */
export interface ComfortBand {
  low?: number;
  high?: number;
  unit: string;
  /** Where the band comes from, as a person would cite it. */
  source: string;
}

export interface ComfortBands {
  temperature: ComfortBand;
  co2: ComfortBand;
  humidity: ComfortBand;
}

export const defaultComfortBands: ComfortBands = {
  // EN 16798-1:2019, category II (normal expectation), offices in the heating season.
  temperature: { low: 20, high: 24, unit: '°C', source: 'EN 16798-1 category II, heating season' },
  // A common ventilation guideline (ASHRAE 62.1's long-used indicator, DIN EN 13779 IDA 2).
  co2: { high: 1000, unit: 'ppm', source: 'CO₂ 1,000 ppm guideline' },
  humidity: { low: 25, high: 60, unit: '%', source: 'EN 16798-1 category II' },
};

const number = String.raw`\d{1,5}(?:\.\d{1,2})?`;
const rangePattern = new RegExp(`^(${number})\\s*(?:-|–|\\.\\.)\\s*(${number})$`);

/** "20-24" (low and high) as a band's limits; a clear problem otherwise. */
const range = (what: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      const match = rangePattern.exec(text);
      const low = Number(match?.[1]);
      const high = Number(match?.[2]);
      if (!match || !(low < high)) {
        context.addIssue({
          code: 'custom',
          message: `must be the ${what} band as low-high, e.g. ${what === 'temperature' ? '20-24' : '25-60'}, the low below the high`,
        });
        return z.NEVER;
      }
      return { low, high };
    });

/** The COMFORT_* settings (see the README); unset ones keep the defaults. */
export const comfortEnvironment = {
  /** °C, low-high. */
  COMFORT_TEMPERATURE_C: range('temperature').optional(),
  /** ppm, the highest acceptable. */
  COMFORT_CO2_MAX_PPM: z.coerce.number().int().min(400).max(5000).optional(),
  /** %, low-high. */
  COMFORT_HUMIDITY_PERCENT: range('humidity').optional(),
  /** What the bands set here are called on screen ("our lease's summer bands"). */
  COMFORT_BANDS_SOURCE: z.string().trim().min(1).max(120).optional(),
};

export function comfortBandsFrom(values: {
  COMFORT_TEMPERATURE_C?: { low: number; high: number } | undefined;
  COMFORT_CO2_MAX_PPM?: number | undefined;
  COMFORT_HUMIDITY_PERCENT?: { low: number; high: number } | undefined;
  COMFORT_BANDS_SOURCE?: string | undefined;
}): ComfortBands {
  const source = values.COMFORT_BANDS_SOURCE ?? 'set for this Storey';
  const { temperature, co2, humidity } = defaultComfortBands;
  return {
    temperature: values.COMFORT_TEMPERATURE_C
      ? { ...values.COMFORT_TEMPERATURE_C, unit: temperature.unit, source }
      : temperature,
    co2:
      values.COMFORT_CO2_MAX_PPM !== undefined
        ? { high: values.COMFORT_CO2_MAX_PPM, unit: co2.unit, source }
        : co2,
    humidity: values.COMFORT_HUMIDITY_PERCENT
      ? { ...values.COMFORT_HUMIDITY_PERCENT, unit: humidity.unit, source }
      : humidity,
  };
}
