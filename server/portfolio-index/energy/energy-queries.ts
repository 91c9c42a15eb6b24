import { sql, type Kysely } from 'kysely';
import { longestQuietMs } from '../../../src/shared/rules/meter-use.ts';
import type { IndexTables } from '../core/tables.ts';
import {
  type CompareReason,
  energyReasons,
  type EnergyListQuery,
  type EnergyPeriod,
  type EnergyReason,
} from '../../../src/shared/contracts/energy.ts';

/** The Energy page's and a building's energy, as the last round worked them out. */

/** The served buildings the last round worked out, with their site: one row per building. */
const energyBuildingRows = (db: Kysely<IndexTables>, runId: number, period: EnergyPeriod) =>
  db
    .selectFrom('indexed_building as building')
    .innerJoin('energy_building as ranked', (join) =>
      join.onRef('ranked.building_id', '=', 'building.id').on('ranked.period', '=', period),
    )
    .leftJoin('indexed_site as site', (join) =>
      join.onRef('site.run_id', '=', 'building.run_id').onRef('site.id', '=', 'building.site_id'),
    )
    // Buildings of one name among those the reader may see (row-level security holds here too):
    // what tells them apart (src/shared/rules/same-names.ts), numbered by id as the SPA numbers.
    .leftJoin(
      (join) =>
        join
          .selectFrom('indexed_building as twin')
          .select([
            'twin.id',
            sql<string>`count(*) over (partition by twin.name)`.as('same_count'),
            sql<string>`row_number() over (partition by twin.name order by twin.id collate "C")`.as(
              'same_position',
            ),
          ])
          .where('twin.run_id', '=', runId)
          .as('twins'),
      (join) => join.onRef('twins.id', '=', 'building.id'),
    )
    .select([
      'building.id',
      'building.name',
      'building.reference_id',
      'twins.same_count',
      'twins.same_position',
      'building.site_id',
      'site.name as site_name',
      'ranked.meters',
      'ranked.area',
      'ranked.used_kwh',
      'ranked.eui',
      'ranked.covered_days',
      'ranked.reason',
      'ranked.previous_kwh',
      'ranked.change',
      'ranked.compare_reason',
      'ranked.last_reading_at',
      'ranked.stuck_days',
    ])
    .where('building.run_id', '=', runId);

type EnergyBuildingRow = Awaited<
  ReturnType<ReturnType<typeof energyBuildingRows>['executeTakeFirstOrThrow']>
>;

/** A building's row as the answers give it (the SPA's energyBuildingSchema). */
const toEnergyBuilding = (row: EnergyBuildingRow) => ({
  id: row.id,
  name: row.name,
  referenceId: row.reference_id,
  sameName: { count: Number(row.same_count ?? 1), position: Number(row.same_position ?? 1) },
  siteId: row.site_id,
  siteName: row.site_name,
  meters: row.meters,
  area: row.area,
  usedKwh: row.used_kwh,
  intensity: row.eui,
  coveredDays: row.covered_days,
  reason: row.reason as EnergyReason | null,
  previousKwh: row.previous_kwh,
  change: row.change,
  compareReason: row.compare_reason as CompareReason | null,
  lastReadingAt: row.last_reading_at ? new Date(row.last_reading_at).toISOString() : null,
  stuckDays: row.stuck_days,
});

/**
 * When the last round worked the figures out, and the period's first and last day (UTC dates);
 * nulls before one.
 */
async function latestRanking(db: Kysely<IndexTables>, period: EnergyPeriod) {
  const round = await db
    .selectFrom('energy_round')
    .select(['ranked_at', 'period_from', 'period_to', 'months_from', 'months_to'])
    .where('ranked_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const from = period === '12-months' ? round?.months_from : round?.period_from;
  const to = period === '12-months' ? round?.months_to : round?.period_to;
  return {
    rankedAt: round?.ranked_at ? new Date(round.ranked_at).toISOString() : null,
    period:
      from && to
        ? {
            kind: period,
            days: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1,
            from,
            to,
          }
        : null,
  };
}

/** A meter that has sent nothing for this long has stopped reporting. */
export const meterSilentAfterMs = longestQuietMs;

/** The served buildings counted: how many are ranked, listed out and why, and stopped meters. */
function energyCounts(
  db: Kysely<IndexTables>,
  runId: number,
  period: EnergyPeriod,
  silentSince: Date,
) {
  const base = db
    .selectFrom('indexed_building as building')
    .leftJoin('energy_building as energy', (join) =>
      join.onRef('energy.building_id', '=', 'building.id').on('energy.period', '=', period),
    )
    .where('building.run_id', '=', runId);
  return base
    .select((select) => [
      select.fn.countAll<string>().as('buildings'),
      sql<string>`count(*) filter (where energy.eui is not null)`.as('ranked'),
      sql<number | null>`sum(energy.used_kwh) filter (where energy.eui is not null)`.as('used'),
      sql<number | null>`sum(energy.area) filter (where energy.eui is not null)`.as('area'),
      sql<string>`count(*) filter (where energy.last_reading_at < ${silentSince})`.as('silent'),
      sql<string>`count(*) filter (where energy.stuck_days > 0)`.as('stuck'),
      sql<string>`count(*) filter (where energy.last_reading_at < ${silentSince} or energy.stuck_days > 0)`.as(
        'stopped',
      ),
      sql<string>`count(*) filter (where energy.reason is not null)`.as('listed'),
      ...energyReasons.map((reason) =>
        // A building the last round did not know of is not read yet.
        (reason === 'not-read-yet'
          ? sql<string>`count(*) filter (where energy.reason = ${reason} or energy.building_id is null)`
          : sql<string>`count(*) filter (where energy.reason = ${reason})`
        ).as(reason),
      ),
    ])
    .executeTakeFirstOrThrow();
}

/** The buildings of one list, in its order: ranked by the sort, left out by reason, or stopped. */
function listedBuildings(
  items: ReturnType<typeof energyBuildingRows>,
  query: EnergyListQuery,
  silentSince: Date,
) {
  if (query.list === 'ranked') {
    const ranked = items.where('ranked.eui', 'is not', null);
    if (query.sort === 'use') return ranked.orderBy('ranked.used_kwh', 'desc');
    if (query.sort === 'change') return ranked.orderBy(sql`ranked.change desc nulls last`);
    return ranked.orderBy('ranked.eui', 'desc');
  }
  if (query.list === 'out')
    return items
      .where('ranked.reason', 'is not', null)
      .orderBy(sql`array_position(${sql.val([...energyReasons])}::text[], ranked.reason)`);
  // Silent the longest first, then those whose total stood still on some day.
  return items
    .where((where) =>
      where.or([
        where('ranked.last_reading_at', '<', silentSince),
        where('ranked.stuck_days', '>', 0),
      ]),
    )
    .orderBy(sql`ranked.last_reading_at < ${silentSince} desc`)
    .orderBy('ranked.last_reading_at', 'asc')
    .orderBy('ranked.stuck_days', 'desc');
}

/**
 * The served buildings' energy as the last round worked it out: the coverage of the portfolio's
 * kWh per m² (how many buildings have one, and why each other has not), and one page of a list —
 * ranked by intensity, use or change; those left out, with why; meters that stopped reporting.
 */
export async function energyList(
  db: Kysely<IndexTables>,
  runId: number,
  query: EnergyListQuery,
  now: number,
) {
  const ranking = await latestRanking(db, query.period);
  const silentSince = new Date(now - meterSilentAfterMs);
  const counts = await energyCounts(db, runId, query.period, silentSince);
  const items = listedBuildings(energyBuildingRows(db, runId, query.period), query, silentSince);
  const rows = await items
    .orderBy('building.name')
    .orderBy('building.id')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  const total = Number(
    query.list === 'ranked'
      ? counts.ranked
      : query.list === 'stopped'
        ? counts.stopped
        : counts.listed,
  );
  return {
    ...ranking,
    coverage: {
      buildings: Number(counts.buildings),
      ranked: Number(counts.ranked),
      out: Object.fromEntries(
        energyReasons.map((reason) => [reason, Number(counts[reason])]),
      ) as Record<EnergyReason, number>,
      /** Buildings whose meters sent nothing for six hours. */
      stoppedMeters: Number(counts.silent),
      /** Buildings whose meters sent readings but did not count on a whole day of the period. */
      stuckMeters: Number(counts.stuck),
    },
    /** kWh per m² of the ranked buildings together: their use over their area. */
    portfolioIntensity:
      counts.used !== null && counts.area !== null && Number(counts.area) > 0
        ? Math.round((Number(counts.used) / Number(counts.area)) * 1000) / 1000
        : null,
    total,
    buildings: rows.map(toEnergyBuilding),
  };
}

/**
 * Every ranked building's kWh per m², lowest first: the distribution the compare screen places
 * its buildings in, the same figures the ranking shows (ids and numbers only, so 10,000 buildings
 * stay a small answer).
 */
export async function energyIntensities(
  db: Kysely<IndexTables>,
  runId: number,
  period: EnergyPeriod,
) {
  const ranking = await latestRanking(db, period);
  const rows = await energyBuildingRows(db, runId, period)
    .where('ranked.eui', 'is not', null)
    .orderBy('ranked.eui')
    .orderBy('building.id')
    .execute();
  return {
    ...ranking,
    buildings: rows.map((row) => ({ id: row.id, intensity: row.eui! })),
  };
}

/**
 * One building's energy as the ranking has it — its figures, or why it has none — and its kept
 * days (all meters of the building as a whole together), oldest first: what its own page shows,
 * so it reads the same numbers as the ranking. `building` null: not in the served index.
 */
export async function buildingEnergy(db: Kysely<IndexTables>, runId: number, buildingId: string) {
  const ranking = await latestRanking(db, '30-days');
  const year = await latestRanking(db, '12-months');
  const known = await db
    .selectFrom('indexed_building')
    .select('id')
    .where('run_id', '=', runId)
    .where('id', '=', buildingId)
    .executeTakeFirst();
  const row = await energyBuildingRows(db, runId, '30-days')
    .where('building.id', '=', buildingId)
    .executeTakeFirst();
  const yearRow = await energyBuildingRows(db, runId, '12-months')
    .where('building.id', '=', buildingId)
    .executeTakeFirst();
  const months = await db
    .selectFrom('energy_month as month')
    .innerJoin('energy_meter as meter', (join) =>
      join
        .onRef('meter.building_id', '=', 'month.building_id')
        .onRef('meter.measurement_id', '=', 'month.measurement_id'),
    )
    .select((select) => [
      'month.month',
      select.fn.sum<number>('month.used_kwh').as('used_kwh'),
      sql<boolean>`bool_and(month.complete_days = month.days)`.as('complete'),
      sql<boolean>`bool_or(month.beyond_days > 0)`.as('beyond_retention'),
    ])
    .where('month.building_id', '=', buildingId)
    .where('meter.kwh_per_unit', 'is not', null)
    .groupBy('month.month')
    .orderBy('month.month')
    .execute();
  const days = await db
    .selectFrom('energy_day as day')
    .innerJoin('energy_meter as meter', (join) =>
      join
        .onRef('meter.building_id', '=', 'day.building_id')
        .onRef('meter.measurement_id', '=', 'day.measurement_id'),
    )
    .select((select) => [
      'day.day',
      select.fn.sum<number>('day.used_kwh').as('used_kwh'),
      sql<boolean>`bool_and(day.complete)`.as('complete'),
      sql<boolean>`bool_or(day.beyond_retention)`.as('beyond_retention'),
    ])
    .where('day.building_id', '=', buildingId)
    .where('meter.kwh_per_unit', 'is not', null)
    .groupBy('day.day')
    .orderBy('day.day')
    .execute();
  return {
    ...ranking,
    /** Whether the served index has the building at all (it may not be ranked yet). */
    known: known !== undefined,
    building: row ? toEnergyBuilding(row) : null,
    days: days.map((day) => ({
      day: day.day,
      usedKwh: Math.round(Number(day.used_kwh) * 1000) / 1000,
      complete: day.complete,
      beyondRetention: day.beyond_retention,
    })),
    /** The same building over its last 12 whole months, and its use in each month kept. */
    twelveMonths: {
      period: year.period,
      building: yearRow ? toEnergyBuilding(yearRow) : null,
      months: months.map((month) => ({
        month: month.month,
        usedKwh: Math.round(Number(month.used_kwh) * 1000) / 1000,
        complete: month.complete,
        beyondRetention: month.beyond_retention,
      })),
    },
  };
}
