import type { Kysely } from 'kysely';
import {
  historicalValueRecord,
  type HistoricalValueRecord,
} from '../../../src/shared/platform/records.ts';
import type { HistorySettings } from '../../config.ts';
import { periodUse, type MeterReading } from '../../../src/shared/rules/meter-use.ts';
import {
  daysBefore,
  monthsBefore,
  type SiteDay,
  type SiteMonth,
} from '../../../src/shared/rules/site-days.ts';
import { historyPath } from '../../platform/history.ts';
import { SyncReadError, type PlatformPages } from '../core/platform-pages.ts';
import type { IndexTables } from '../core/tables.ts';
import { dayMs, hourMs } from '../../../src/shared/rules/site-clock.ts';

/** One meter's days and months: read from the platform's history, a day or a month at a time, and kept. */

/** Whole days kept per meter: the ranking's period and the one before it. */
export const energyPeriodDays = 30;
export const energyDaysKept = 2 * energyPeriodDays;
/** Whole months kept per meter: a year, as energy is reported. */
export const energyMonthsKept = 12;

/**
 * The most history entries read for one meter and day: a device's history holds its other points
 * too (96 readings a day each); a day that lists more is not a meter's.
 */
const maxMeterReadings = 20_000;

export interface MeterToRead {
  building_id: string;
  building_name: string | null;
  measurement_id: string;
  device_id: string;
  kwh_per_unit: number;
  timezone: string | null;
  retention_days: number | null;
}

/**
 * Reads the meter's days not yet kept, oldest first, each from the last reading of the day
 * before (its base); then its whole months of the last year not yet kept: added up from its kept
 * days while every day of the month is still kept, else read at once from the platform. Only then
 * do days older than the window go, so a month's days are added up before they are forgotten.
 * Returns how many days and months were read from the platform.
 */
export async function readMeterDays(
  db: Kysely<IndexTables>,
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  now: number,
): Promise<{ days: number; months: number }> {
  const wanted = daysBefore(now, meter.timezone, energyDaysKept);
  const kept = new Map(
    (
      await db
        .selectFrom('energy_day')
        .select(['day', 'base_at', 'base_value'])
        .where('building_id', '=', meter.building_id)
        .where('measurement_id', '=', meter.measurement_id)
        .execute()
    ).map((row) => [row.day, row]),
  );
  // The oldest moment the site still keeps, an hour's margin for the clocks to differ.
  const earliest =
    meter.retention_days === null ? -Infinity : now - meter.retention_days * dayMs + hourMs;
  let read = 0;
  let base: MeterReading | undefined;
  for (const day of wanted) {
    const done = kept.get(day.day);
    if (done) {
      base =
        done.base_at && done.base_value !== null
          ? { time: new Date(done.base_at).getTime(), value: done.base_value }
          : undefined;
      continue;
    }
    const outcome = await readDay(pages, history, meter, day, base, earliest);
    if (outcome.asked) read++;
    await db
      .insertInto('energy_day')
      .values({
        building_id: meter.building_id,
        measurement_id: meter.measurement_id,
        day: day.day,
        used_kwh: Math.round(outcome.use.used * meter.kwh_per_unit * 1000) / 1000,
        covered: outcome.use.covered,
        complete: outcome.use.complete,
        beyond_retention: outcome.cut,
        base_at: outcome.last ? new Date(outcome.last.time) : null,
        base_value: outcome.last?.value ?? null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    base = outcome.last;
  }
  const year = monthsBefore(now, meter.timezone, energyMonthsKept);
  const months = await keepMonths(db, pages, history, meter, year, earliest);
  // Days and months that left the kept windows go.
  await db
    .deleteFrom('energy_day')
    .where('building_id', '=', meter.building_id)
    .where('measurement_id', '=', meter.measurement_id)
    .where('day', '<', wanted[0]!.day)
    .execute();
  await db
    .deleteFrom('energy_month')
    .where('building_id', '=', meter.building_id)
    .where('measurement_id', '=', meter.measurement_id)
    .where('month', '<', year[0]!.month)
    .execute();
  await db
    .updateTable('energy_meter')
    .set({ days_read_at: new Date(now) })
    .where('building_id', '=', meter.building_id)
    .where('measurement_id', '=', meter.measurement_id)
    .execute();
  return { days: read, months };
}
interface MonthSums {
  used: number;
  covered: number;
  complete: number;
  beyond: number;
  stuck: number;
}

/**
 * Keeps each of the year's months the meter has no row for yet: the sum of its kept days when
 * every day of the month is kept (no request), else the month read from the platform in one
 * paged request and counted day by day, as the days are. Returns the months asked for.
 */
async function keepMonths(
  db: Kysely<IndexTables>,
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  year: SiteMonth[],
  earliest: number,
): Promise<number> {
  const have = new Set(
    (
      await db
        .selectFrom('energy_month')
        .select('month')
        .where('building_id', '=', meter.building_id)
        .where('measurement_id', '=', meter.measurement_id)
        .where('month', '>=', year[0]!.month)
        .execute()
    ).map((row) => row.month),
  );
  const missing = year.filter((month) => !have.has(month.month));
  if (missing.length === 0) return 0;
  const keptDays = new Map(
    (
      await db
        .selectFrom('energy_day')
        .select(['day', 'used_kwh', 'covered', 'complete', 'beyond_retention'])
        .where('building_id', '=', meter.building_id)
        .where('measurement_id', '=', meter.measurement_id)
        .where('day', '>=', missing[0]!.days[0]!.day)
        .execute()
    ).map((row) => [row.day, row]),
  );
  let asked = 0;
  for (const month of missing) {
    const days = month.days.map((day) => keptDays.get(day.day));
    let sums: MonthSums;
    if (days.every((day) => day !== undefined)) {
      sums = { used: 0, covered: 0, complete: 0, beyond: 0, stuck: 0 };
      for (const day of days) {
        sums.used += day.used_kwh;
        sums.covered += day.covered;
        if (day.complete) sums.complete++;
        if (day.beyond_retention) sums.beyond++;
        // As the ranking counts a stuck day: read whole, not a kWh used.
        if (day.complete && day.used_kwh === 0) sums.stuck++;
      }
    } else {
      const outcome = await readMonth(pages, history, meter, month, earliest);
      if (outcome.asked) asked++;
      sums = outcome.sums;
    }
    await db
      .insertInto('energy_month')
      .values({
        building_id: meter.building_id,
        measurement_id: meter.measurement_id,
        month: month.month,
        days: month.days.length,
        used_kwh: Math.round(sums.used * 1000) / 1000,
        covered: sums.covered,
        complete_days: sums.complete,
        beyond_days: sums.beyond,
        stuck_days: sums.stuck,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return asked;
}

/** A whole month of the meter, read at once, counted in kWh day by day. */
async function readMonth(
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  month: SiteMonth,
  earliest: number,
): Promise<{ asked: boolean; sums: MonthSums }> {
  const sums: MonthSums = { used: 0, covered: 0, complete: 0, beyond: 0, stuck: 0 };
  const allBeyond = () => ({ asked: false, sums: { ...sums, beyond: month.days.length } });
  if (month.to <= earliest) return allBeyond();
  let readings: MeterReading[];
  try {
    readings = await meterReadings(
      pages,
      history,
      meter,
      // The hour before the month holds the base of its first rise.
      { from: Math.max(month.from - hourMs, earliest), to: month.to },
      month.month,
    );
  } catch (failure) {
    if (failure instanceof SyncReadError && failure.status === 400) return allBeyond();
    throw failure;
  }
  for (const day of month.days) {
    if (earliest > day.from) {
      sums.beyond++;
      continue;
    }
    const use = periodUse(readings, day);
    const used = use.used * meter.kwh_per_unit;
    sums.used += used;
    sums.covered += use.covered;
    if (use.complete) sums.complete++;
    if (use.complete && used === 0) sums.stuck++;
  }
  return { asked: true, sums };
}

/** The meter's readings in a range, oldest first (a device's history holds its other points too). */
async function meterReadings(
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  range: { from: number; to: number },
  when: string,
): Promise<MeterReading[]> {
  const records: HistoricalValueRecord[] = [];
  const readings: MeterReading[] = [];
  await pages.restPages(
    historyPath(history, 'Devices', meter.device_id, range),
    `the meter history of ${meter.building_name ? `"${meter.building_name}"` : `building ${meter.building_id}`} on ${when}`,
    (items) => {
      for (const item of items) {
        // Reading by reading: one the platform wrote wrongly is left out, not the day.
        const parsed = historicalValueRecord.safeParse(item);
        if (parsed.success && parsed.data.measurementValueId === meter.measurement_id)
          records.push(parsed.data);
      }
    },
    maxMeterReadings,
  );
  for (const record of records) {
    const time = Date.parse(record.timestamp);
    const value = Number(record.value);
    if (Number.isFinite(time) && Number.isFinite(value)) readings.push({ time, value });
  }
  return readings.sort((a, b) => a.time - b.time);
}

/** One day of the meter: its use, and its last reading (the next day's base). */
async function readDay(
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  day: SiteDay,
  base: MeterReading | undefined,
  earliest: number,
): Promise<{
  asked: boolean;
  /** Part or all of the day is older than the site keeps. */
  cut: boolean;
  use: ReturnType<typeof periodUse>;
  last: MeterReading | undefined;
}> {
  const nothing = { used: 0, complete: false, covered: 0 };
  if (day.to <= earliest) return { asked: false, cut: true, use: nothing, last: undefined };
  // Without a base from the day before, the hour before the day holds one.
  const from = Math.max(base ? day.from : day.from - hourMs, earliest);
  let readings: MeterReading[];
  try {
    readings = await meterReadings(pages, history, meter, { from, to: day.to }, day.day);
  } catch (failure) {
    // Refused as older than the site keeps (its retention unknown or shorter than it says).
    if (failure instanceof SyncReadError && failure.status === 400)
      return { asked: false, cut: true, use: nothing, last: undefined };
    throw failure;
  }
  const all = base && (readings[0]?.time ?? Infinity) > base.time ? [base, ...readings] : readings;
  return {
    asked: true,
    cut: earliest > day.from,
    use: periodUse(all, day),
    last: readings.at(-1) ?? base,
  };
}
