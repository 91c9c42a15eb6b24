import { z } from 'zod';
import {
  comfortHoursOf,
  dayNames,
  defaultComfortBands,
  minutesOf,
  type BandKind,
  type ComfortBands,
  type ComfortHours,
} from '../src/shared/rules/comfort.ts';
import type { RoomBands, SpaceBandRule } from '../src/shared/rules/space-bands.ts';

/**
 * The COMFORT_* settings: the bands current readings are judged against and the hours they apply
 * (the rules themselves are src/shared/rules/comfort.ts, one definition for every screen and the
 * index). Unset ones keep the defaults: EN 16798-1 category II, weekdays 07:00–19:00.
 */

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

const kindWords: Record<string, BandKind> = {
  temperature: 'temperature',
  co2: 'co2',
  'co₂': 'co2',
  humidity: 'humidity',
};
const units: Record<BandKind, string> = { temperature: '°C', co2: 'ppm', humidity: '%' };
const entryPattern = /^(?:([A-Za-z0-9_-]{1,64})\s*\/\s*)?([^:/;]{1,80}?)\s*:\s*(.+)$/;
const bandPattern = new RegExp(
  `^(temperature|co2|co₂|humidity)\\s+(?:(${number})\\s*-\\s*)?(${number})$`,
  'i',
);

/**
 * COMFORT_BANDS_BY_TYPE: the bands of a type of room, at every site or at one, replacing the
 * defaults of space-bands.ts. Entries separated by ";", each `[site id/]Type: bands`, the bands
 * "none" or kinds with limits: "ServerRoom: temperature 18-27, humidity 60;
 * 4a1f…/Office: temperature 21-25, co2 1200; Storage: none". A type of "*" is every type (of
 * its site). A kind left out is not judged in those rooms; one number is a ceiling.
 */
export const spaceBandsSetting = z
  .string()
  .trim()
  .transform((text, context): SpaceBandRule[] => {
    const rules: SpaceBandRule[] = [];
    for (const entry of text
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const problem = (why: string) =>
        context.addIssue({
          code: 'custom',
          message: `"${entry.slice(0, 60)}": ${why}; write entries as "[site id/]Type: temperature 20-24, co2 1000, humidity 25-60" or "Type: none", separated by ";"`,
        });
      const match = entryPattern.exec(entry);
      if (!match) {
        problem('not a type and its bands');
        continue;
      }
      const [, site, type, list] = match as unknown as [string, string | undefined, string, string];
      const where = site ? ` at site ${site}` : '';
      const source = `set for this Storey for ${type === '*' ? 'every room' : `${type} rooms`}${where}`;
      const bands: RoomBands = {};
      if (!/^none$/i.test(list.trim()))
        for (const part of list.split(',').map((item) => item.trim())) {
          const band = bandPattern.exec(part);
          const kind = band ? kindWords[band[1]!.toLowerCase()] : undefined;
          const low = band?.[2] === undefined ? undefined : Number(band[2]);
          const high = Number(band?.[3]);
          if (!band || !kind || (low !== undefined && !(low < high))) {
            problem(
              `"${part}" is not a kind and its limits (low-high, or one number as the highest)`,
            );
            continue;
          }
          bands[kind] = { ...(low === undefined ? {} : { low }), high, unit: units[kind], source };
        }
      rules.push({ site: site ?? null, type: type.trim(), bands });
    }
    return rules;
  });

/** The COMFORT_* variables (see the README). */
export const comfortEnvironment = {
  /** °C, low-high. */
  COMFORT_TEMPERATURE_C: range('temperature').optional(),
  /** ppm, the highest acceptable. */
  COMFORT_CO2_MAX_PPM: z.coerce.number().int().min(400).max(5000).optional(),
  /** %, low-high. */
  COMFORT_HUMIDITY_PERCENT: range('humidity').optional(),
  /** What the bands set here are called on screen ("our lease's summer bands"). */
  COMFORT_BANDS_SOURCE: z.string().trim().min(1).max(120).optional(),
  /** Bands per type of room, at every site or one (spaceBandsSetting). */
  COMFORT_BANDS_BY_TYPE: z.string().max(4000).pipe(spaceBandsSetting).optional(),
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
