import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { HistorySettings } from '../config.ts';
import { periodUse, type MeterReading } from '../energy/meter-use.ts';
import { daysBefore, type SiteDay } from '../energy/site-days.ts';
import { featureWords, historyPath, notEnabledReason } from '../platform/history.ts';
import { rankEnergy } from './energy-ranking.ts';
import { eachUntilFailure } from './until-first-failure.ts';
import { BudgetSpentError, SyncReadError, type PlatformPages } from './platform-pages.ts';
import type { IndexTables } from './tables.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** Whole days kept per meter: the ranking's period and the one before it. */
export const energyPeriodDays = 30;
export const energyDaysKept = 2 * energyPeriodDays;

/** A reading as the platform's history gives it (field notes): the value comes as a string. */
const historicalValue = z.object({
  measurementValueId: z.string(),
  value: z.union([z.string(), z.number()]),
  timestamp: z.string(),
});

export interface EnergyRound {
  /** Meter-days read from the platform (days beyond the site's retention are not asked for). */
  daysRead: number;
  /** Meters with days left for the next round when the budget ran out. */
  metersLeft: number;
  platformRequests: number;
  /** Why the round stopped early, in plain words; absent when it read all it meant to. */
  error?: string | undefined;
}

interface MeterToRead {
  building_id: string;
  building_name: string | null;
  measurement_id: string;
  device_id: string;
  kwh_per_unit: number;
  timezone: string | null;
  retention_days: number | null;
}

/**
 * One round of the energy refresh: brings each meter of a building as a whole (energy_meter,
 * found by the conditions refresh) up to date with its use on each of the last 60 whole days of
 * its site's clock, meters read longest ago first, each day one one-day request (the vendor's
 * advice, field notes) and never a day the site no longer keeps, until all are read or `pages`
 * has spent its budget. A day once read is kept: the index remembers what the platform forgets.
 * Then works out every building's energy over the last 30 days (energy-ranking.ts).
 */
export async function refreshEnergy(options: {
  db: Kysely<IndexTables>;
  pages: PlatformPages;
  history: HistorySettings;
  clock: Clock;
  instance: string;
  concurrency: number;
  signal?: AbortSignal;
}): Promise<EnergyRound> {
  const { db, pages, clock } = options;
  const now = clock.now();
  const { id: roundId } = await db
    .insertInto('energy_round')
    .values({ instance: options.instance, started_at: new Date(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const served = await db.selectFrom('index_current').select('run_id').executeTakeFirst();
  const meters: MeterToRead[] = served
    ? ((await db
        .selectFrom('energy_meter as meter')
        .innerJoin('indexed_building as building', (join) =>
          join
            .onRef('building.id', '=', 'meter.building_id')
            .on('building.run_id', '=', served.run_id),
        )
        .leftJoin('indexed_site as site', (join) =>
          join
            .onRef('site.run_id', '=', 'building.run_id')
            .onRef('site.id', '=', 'building.site_id'),
        )
        .select([
          'meter.building_id',
          'building.name as building_name',
          'meter.measurement_id',
          'meter.device_id',
          'meter.kwh_per_unit',
          'site.timezone',
          'site.retention_days',
        ])
        .where('meter.kwh_per_unit', 'is not', null)
        .orderBy(sql`meter.days_read_at asc nulls first`)
        .orderBy('meter.building_id')
        .orderBy('meter.measurement_id')
        .execute()) as MeterToRead[])
    : [];

  let daysRead = 0;
  const { done: metersDone, failure: stopped } = await eachUntilFailure(
    meters,
    { concurrency: options.concurrency, signal: options.signal },
    async (meter) => {
      // Read first, then added: `daysRead += await …` would add to a total read before the wait.
      const read = await readMeterDays(db, pages, options.history, meter, now);
      daysRead += read;
    },
  );

  let error: string | undefined;
  if (stopped === undefined || stopped instanceof BudgetSpentError) {
    // All read, or the round's share of the platform is spent: the rest come first next time.
  } else if (stopped instanceof SyncReadError && stopped.status === 403) {
    error = notEnabledReason(featureWords.history.noun);
  } else if (stopped instanceof SyncReadError) {
    error = stopped.message;
  } else {
    await finishRound(db, roundId, now, clock, {
      daysRead,
      requests: pages.requests(),
      error: 'The energy refresh stopped unexpectedly.',
    });
    throw stopped;
  }
  if (served) {
    // What was read of buildings no longer in the portfolio goes with them.
    for (const table of ['energy_day', 'energy_meter'] as const)
      await db
        .deleteFrom(table)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('indexed_building as building')
                .select(sql`1`.as('one'))
                .where('building.run_id', '=', served.run_id)
                .whereRef('building.id', '=', `${table}.building_id`),
            ),
          ),
        )
        .execute();
    await rankEnergy(db, served.run_id, now, energyPeriodDays);
  }
  await finishRound(db, roundId, now, clock, {
    daysRead,
    requests: pages.requests(),
    error,
    ranked: served !== undefined,
  });
  return {
    daysRead,
    metersLeft: meters.length - metersDone,
    platformRequests: pages.requests(),
    error,
  };
}

/**
 * Reads the meter's days not yet kept, oldest first, each from the last reading of the day
 * before (its base); returns how many were read from the platform.
 */
async function readMeterDays(
  db: Kysely<IndexTables>,
  pages: PlatformPages,
  history: HistorySettings,
  meter: MeterToRead,
  now: number,
): Promise<number> {
  const wanted = daysBefore(now, meter.timezone, energyDaysKept);
  // Days that left the kept window go.
  await db
    .deleteFrom('energy_day')
    .where('building_id', '=', meter.building_id)
    .where('measurement_id', '=', meter.measurement_id)
    .where('day', '<', wanted[0]!.day)
    .execute();
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
  await db
    .updateTable('energy_meter')
    .set({ days_read_at: new Date(now) })
    .where('building_id', '=', meter.building_id)
    .where('measurement_id', '=', meter.measurement_id)
    .execute();
  return read;
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
  let records: Array<z.infer<typeof historicalValue>>;
  try {
    records = await pages.restList(
      historyPath(history, 'Devices', meter.device_id, { from, to: day.to }),
      historicalValue,
      `the meter history of ${meter.building_name ? `"${meter.building_name}"` : `building ${meter.building_id}`} on ${day.day}`,
    );
  } catch (failure) {
    // Refused as older than the site keeps (its retention unknown or shorter than it says).
    if (failure instanceof SyncReadError && failure.status === 400)
      return { asked: false, cut: true, use: nothing, last: undefined };
    throw failure;
  }
  const readings: MeterReading[] = [];
  for (const record of records) {
    if (record.measurementValueId !== meter.measurement_id) continue;
    const time = Date.parse(record.timestamp);
    const value = Number(record.value);
    if (Number.isFinite(time) && Number.isFinite(value)) readings.push({ time, value });
  }
  readings.sort((a, b) => a.time - b.time);
  const all = base && (readings[0]?.time ?? Infinity) > base.time ? [base, ...readings] : readings;
  return {
    asked: true,
    cut: earliest > day.from,
    use: periodUse(all, day),
    last: readings.at(-1) ?? base,
  };
}

async function finishRound(
  db: Kysely<IndexTables>,
  roundId: number,
  now: number,
  clock: Clock,
  outcome: { daysRead: number; requests: number; error: string | undefined; ranked?: boolean },
) {
  const utcDays = daysBefore(now, 'UTC', energyPeriodDays);
  await db
    .updateTable('energy_round')
    .set({
      finished_at: new Date(clock.now()),
      days_read: outcome.daysRead,
      platform_requests: outcome.requests,
      error: outcome.error ?? null,
      ...(outcome.ranked
        ? {
            period_from: utcDays[0]!.day,
            period_to: utcDays.at(-1)!.day,
            ranked_at: new Date(now),
          }
        : {}),
    })
    .where('id', '=', roundId)
    .execute();
  await db
    .deleteFrom('energy_round')
    .where('id', '<=', roundId - 100)
    .execute();
}
