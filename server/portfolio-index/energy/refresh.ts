import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { HistorySettings } from '../../config.ts';
import { daysBefore, monthsBefore } from '../../../src/shared/rules/site-days.ts';
import { rankEnergy } from './ranking.ts';
import { forgetRemovedBuildings, roundStopReason } from '../core/rounds.ts';
import { eachUntilFailure } from '../core/until-first-failure.ts';
import type { PlatformPages } from '../core/platform-pages.ts';
import type { IndexTables } from '../core/tables.ts';
import {
  energyMonthsKept,
  energyPeriodDays,
  readMeterDays,
  type MeterToRead,
} from './meter-days.ts';

export interface EnergyRound {
  /** Meter-days read from the platform (days beyond the site's retention are not asked for). */
  daysRead: number;
  /** Meter-months read from the platform at once: months older than the kept days. */
  monthsRead: number;
  /** Meters with days left for the next round when the budget ran out. */
  metersLeft: number;
  platformRequests: number;
  /** Why the round stopped early, in plain words; absent when it read all it meant to. */
  error?: string | undefined;
}

/**
 * One round of the energy refresh: brings each meter of a building as a whole (energy_meter,
 * found by the conditions refresh) up to date with its use on each of the last 60 whole days of
 * its site's clock, meters read longest ago first, each day one one-day request (the vendor's
 * advice, field notes) and never a day the site no longer keeps, and with its use in each of the
 * last 12 whole months (older months read a month at a time), until all are read or `pages` has
 * spent its budget. A day or month once read is kept: the index remembers what the platform
 * forgets. Then works out every building's energy over the last 30 days and the last 12 months
 * (ranking.ts).
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
  const { served, meters } = await metersToRead(db);

  let daysRead = 0;
  let monthsRead = 0;
  const { done: metersDone, failure: stopped } = await eachUntilFailure(
    meters,
    { concurrency: options.concurrency, signal: options.signal },
    async (meter) => {
      // Read first, then added: `daysRead += await …` would add to a total read before the wait.
      const read = await readMeterDays(db, pages, options.history, meter, now);
      daysRead += read.days;
      monthsRead += read.months;
    },
  );

  const reason = roundStopReason(stopped, 'history');
  if (reason === 'unexpected') {
    await finishRound(db, roundId, now, clock, {
      daysRead,
      monthsRead,
      requests: pages.requests(),
      error: 'The energy refresh stopped unexpectedly.',
    });
    throw stopped;
  }
  const { error } = reason;
  if (served) {
    await forgetRemovedBuildings(db, served.run_id, ['energy_day', 'energy_month', 'energy_meter']);
    await rankEnergy(db, served.run_id, now, {
      days: energyPeriodDays,
      months: energyMonthsKept,
    });
  }
  await finishRound(db, roundId, now, clock, {
    daysRead,
    monthsRead,
    requests: pages.requests(),
    error,
    ranked: served !== undefined,
  });
  return {
    daysRead,
    monthsRead,
    metersLeft: meters.length - metersDone,
    platformRequests: pages.requests(),
    error,
  };
}

/** The meters of served buildings that measure energy, those read longest ago first. */
async function metersToRead(db: Kysely<IndexTables>) {
  const served = await db.selectFrom('index_current').select('run_id').executeTakeFirst();
  if (!served) return { served, meters: [] as MeterToRead[] };
  const meters = (await db
    .selectFrom('energy_meter as meter')
    .innerJoin('indexed_building as building', (join) =>
      join.onRef('building.id', '=', 'meter.building_id').on('building.run_id', '=', served.run_id),
    )
    .leftJoin('indexed_site as site', (join) =>
      join.onRef('site.run_id', '=', 'building.run_id').onRef('site.id', '=', 'building.site_id'),
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
    .execute()) as MeterToRead[];
  return { served, meters };
}

async function finishRound(
  db: Kysely<IndexTables>,
  roundId: number,
  now: number,
  clock: Clock,
  outcome: {
    daysRead: number;
    monthsRead: number;
    requests: number;
    error: string | undefined;
    ranked?: boolean;
  },
) {
  const utcDays = daysBefore(now, 'UTC', energyPeriodDays);
  const utcMonths = monthsBefore(now, 'UTC', energyMonthsKept);
  await db
    .updateTable('energy_round')
    .set({
      finished_at: new Date(clock.now()),
      days_read: outcome.daysRead,
      months_read: outcome.monthsRead,
      platform_requests: outcome.requests,
      error: outcome.error ?? null,
      ...(outcome.ranked
        ? {
            period_from: utcDays[0]!.day,
            period_to: utcDays.at(-1)!.day,
            months_from: utcMonths[0]!.days[0]!.day,
            months_to: utcMonths.at(-1)!.days.at(-1)!.day,
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
