import { sql, type Kysely } from 'kysely';
import { daysBefore, monthsBefore } from '../../../src/shared/rules/site-days.ts';
import type { IndexTables } from '../core/tables.ts';
import {
  type CompareReason,
  type EnergyPeriod,
  type EnergyReason,
} from '../../../src/shared/contracts/energy.ts';

interface PeriodSums {
  used: number | null;
  /** Days read (kept) of the period, per meter at least. */
  read: number;
  complete: number;
  beyond: number;
  covered: number;
  /** Whole days a meter read without its total moving. */
  stuck: number;
}

type Gap = 'not-read-yet' | 'beyond-retention' | 'partial' | 'meter-stuck';

/** What keeps a period's figure out, the first that applies; null when it is whole. */
const gapOf = (period: PeriodSums, days: number): Gap | null =>
  // A stuck meter first: of everything that keeps a figure out, the one to have fixed.
  period.stuck > 0
    ? 'meter-stuck'
    : period.read < days
      ? 'not-read-yet'
      : period.beyond > 0
        ? 'beyond-retention'
        : period.complete < days
          ? 'partial'
          : null;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Works out every served building's energy over the last `periods.days` whole days of its site's
 * clock (and the same number of days before), and over its last `periods.months` whole months,
 * from the meter-days and meter-months the refresh keeps: written to energy_building at once, so
 * every reader gets one answer until the next round.
 */
export async function rankEnergy(
  db: Kysely<IndexTables>,
  runId: number,
  now: number,
  periods: { days: number; months: number },
): Promise<void> {
  const buildings = await db
    .selectFrom('indexed_building as building')
    .leftJoin('indexed_site as site', (join) =>
      join.onRef('site.run_id', '=', 'building.run_id').onRef('site.id', '=', 'building.site_id'),
    )
    .select(['building.id', 'building.area', 'site.timezone'])
    .where('building.run_id', '=', runId)
    .execute();
  const { dayPeriods, monthPeriods } = await zonePeriods(db, buildings, now, periods);
  const yearDays = new Map(monthPeriods.map((period) => [period.zone, period.days]));
  const meters = await meterCounts(db);
  const sumsOf = await sumDays(db, dayPeriods);
  const yearOf = await sumYears(db, monthPeriods);
  const rows = buildings.flatMap((building) =>
    rankingRows(building, {
      meter: meters.get(building.id),
      sum: sumsOf.get(building.id),
      year: yearOf.get(building.id),
      periodDays: periods.days,
      yearDays: yearDays.get(building.timezone ?? '') ?? 365,
    }),
  );
  await writeRanking(db, rows);
}

interface ServedBuilding {
  id: string;
  area: number | null;
  timezone: string | null;
}

/** Each zone's periods as site dates: the same days for every building on one clock. */
async function zonePeriods(
  db: Kysely<IndexTables>,
  buildings: readonly ServedBuilding[],
  now: number,
  periods: { days: number; months: number },
) {
  const periodDays = periods.days;
  const zones = [
    ...new Set([
      ...buildings.map((building) => building.timezone ?? ''),
      ...(await db.selectFrom('energy_meter').select('timezone').distinct().execute()).map(
        (meter) => meter.timezone ?? '',
      ),
    ]),
  ];
  const dayPeriods = zones.map((zone) => {
    const days = daysBefore(now, zone || null, 2 * periodDays);
    return {
      zone,
      prevFrom: days[0]!.day,
      prevTo: days[periodDays - 1]!.day,
      lastFrom: days[periodDays]!.day,
      lastTo: days.at(-1)!.day,
    };
  });
  const monthPeriods = zones.map((zone) => {
    const months = monthsBefore(now, zone || null, periods.months);
    return {
      zone,
      from: months[0]!.month,
      to: months.at(-1)!.month,
      days: months.reduce((sum, month) => sum + month.days.length, 0),
    };
  });
  return { dayPeriods, monthPeriods };
}

type DayPeriod = Awaited<ReturnType<typeof zonePeriods>>['dayPeriods'][number];
type MonthPeriod = Awaited<ReturnType<typeof zonePeriods>>['monthPeriods'][number];

/** Each building's meters, those that measure energy, and the oldest of their last readings. */
async function meterCounts(db: Kysely<IndexTables>) {
  return new Map(
    (
      await db
        .selectFrom('energy_meter')
        .select((select) => [
          'building_id',
          select.fn.countAll<string>().as('meters'),
          sql<string>`count(*) filter (where kwh_per_unit is not null)`.as('energy_meters'),
          sql<Date | null>`min(last_reading_at) filter (where kwh_per_unit is not null)`.as(
            'last_reading_at',
          ),
        ])
        .groupBy('building_id')
        .execute()
    ).map((row) => [row.building_id, row]),
  );
}

/** The last period's and the one before's sums of each building's meter-days. */
async function sumDays(db: Kysely<IndexTables>, dayPeriods: readonly DayPeriod[]) {
  const sums = await sql<{
    building_id: string;
    last_meters: string;
    prev_meters: string;
    last_used: number | null;
    last_read: string;
    last_complete: string;
    last_beyond: string;
    last_covered: number;
    last_stuck: string;
    prev_used: number | null;
    prev_read: string;
    prev_complete: string;
    prev_beyond: string;
    prev_covered: number;
    prev_stuck: string;
  }>`
    with zone as (
      select * from unnest(
        ${dayPeriods.map((p) => p.zone)}::text[], ${dayPeriods.map((p) => p.lastFrom)}::text[],
        ${dayPeriods.map((p) => p.lastTo)}::text[], ${dayPeriods.map((p) => p.prevFrom)}::text[],
        ${dayPeriods.map((p) => p.prevTo)}::text[]
      ) as z(tz, last_from, last_to, prev_from, prev_to)
    ),
    dated as (
      -- Each kept day of a served building's meter, marked with the period it falls in.
      select d.building_id, d.measurement_id, d.used_kwh, d.complete, d.beyond_retention,
        d.covered,
        case when d.day between z.last_from and z.last_to then 1
          when d.day between z.prev_from and z.prev_to then 0 end as last
      from energy_day d
      join energy_meter m on m.building_id = d.building_id
        and m.measurement_id = d.measurement_id and m.kwh_per_unit is not null
      join zone z on z.tz = coalesce(m.timezone, '')
    ),
    per_meter as (
      select building_id, measurement_id, last, sum(used_kwh) as used, count(*) as read,
        count(*) filter (where complete) as complete,
        count(*) filter (where beyond_retention) as beyond, sum(covered) as covered,
        count(*) filter (where complete and used_kwh = 0) as stuck
      from dated where last is not null
      group by building_id, measurement_id, last
    )
    select building_id,
      count(distinct measurement_id) filter (where last = 1) as last_meters,
      count(distinct measurement_id) filter (where last = 0) as prev_meters,
      sum(used) filter (where last = 1) as last_used,
      coalesce(min(read) filter (where last = 1), 0) as last_read,
      coalesce(min(complete) filter (where last = 1), 0) as last_complete,
      coalesce(max(beyond) filter (where last = 1), 0) as last_beyond,
      coalesce(min(covered) filter (where last = 1), 0) as last_covered,
      coalesce(max(stuck) filter (where last = 1), 0) as last_stuck,
      sum(used) filter (where last = 0) as prev_used,
      coalesce(min(read) filter (where last = 0), 0) as prev_read,
      coalesce(min(complete) filter (where last = 0), 0) as prev_complete,
      coalesce(max(beyond) filter (where last = 0), 0) as prev_beyond,
      coalesce(min(covered) filter (where last = 0), 0) as prev_covered,
      coalesce(max(stuck) filter (where last = 0), 0) as prev_stuck
    from per_meter group by building_id`.execute(db);
  return new Map(sums.rows.map((row) => [row.building_id, row]));
}

/** The year: each meter's kept months of its zone's last 12, added up. */
async function sumYears(db: Kysely<IndexTables>, monthPeriods: readonly MonthPeriod[]) {
  const yearSums = await sql<{
    building_id: string;
    meters: string;
    used: number | null;
    read: string;
    complete: string;
    beyond: string;
    covered: number;
    stuck: string;
  }>`
    with zone as (
      select * from unnest(
        ${monthPeriods.map((p) => p.zone)}::text[], ${monthPeriods.map((p) => p.from)}::text[],
        ${monthPeriods.map((p) => p.to)}::text[]
      ) as z(tz, first_month, last_month)
    ),
    per_meter as (
      select mo.building_id, mo.measurement_id, sum(mo.used_kwh) as used,
        sum(mo.days) as read, sum(mo.complete_days) as complete, sum(mo.beyond_days) as beyond,
        sum(mo.covered) as covered, sum(mo.stuck_days) as stuck
      from energy_month mo
      join energy_meter m on m.building_id = mo.building_id
        and m.measurement_id = mo.measurement_id and m.kwh_per_unit is not null
      join zone z on z.tz = coalesce(m.timezone, '')
      where mo.month between z.first_month and z.last_month
      group by mo.building_id, mo.measurement_id
    )
    select building_id, count(*) as meters, sum(used) as used,
      min(read) as read, min(complete) as complete, max(beyond) as beyond,
      min(covered) as covered, max(stuck) as stuck
    from per_meter group by building_id`.execute(db);
  return new Map(yearSums.rows.map((row) => [row.building_id, row]));
}

type MeterCount = NonNullable<ReturnType<Awaited<ReturnType<typeof meterCounts>>['get']>>;
type DaySums = NonNullable<ReturnType<Awaited<ReturnType<typeof sumDays>>['get']>>;
type YearSums = NonNullable<ReturnType<Awaited<ReturnType<typeof sumYears>>['get']>>;

/**
 * The last 30 days (`last`) or the 30 before (`prev`), summed over a building's meters: a period
 * is read only when every meter of the building has days in it.
 */
function daysOf(sum: DaySums | undefined, period: 'last' | 'prev', energyMeters: number) {
  type Column = 'meters' | 'used' | 'read' | 'complete' | 'beyond' | 'covered' | 'stuck';
  const field = (name: Column) => sum?.[`${period}_${name}` as const];
  const everyMeter = Number(field('meters') ?? 0) >= energyMeters;
  return {
    used: sum?.[`${period}_used` as const] ?? null,
    read: everyMeter ? Number(field('read') ?? 0) : 0,
    complete: Number(field('complete') ?? 0),
    beyond: Number(field('beyond') ?? 0),
    covered: Number(field('covered') ?? 0),
    stuck: Number(field('stuck') ?? 0),
  } satisfies PeriodSums;
}

/** The year, read only when every meter of the building has every month of it. */
function monthsOf(year: YearSums | undefined, energyMeters: number): PeriodSums {
  return {
    used: year?.used ?? null,
    read: Number(year?.meters ?? 0) >= energyMeters ? Number(year?.read ?? 0) : 0,
    complete: Number(year?.complete ?? 0),
    beyond: Number(year?.beyond ?? 0),
    covered: Number(year?.covered ?? 0),
    stuck: Number(year?.stuck ?? 0),
  };
}

/** One building's two rows of the ranking: its last 30 days (against the 30 before) and year. */
function rankingRows(
  building: ServedBuilding,
  read: {
    meter: MeterCount | undefined;
    sum: DaySums | undefined;
    year: YearSums | undefined;
    periodDays: number;
    yearDays: number;
  },
) {
  const { meter, sum, year, periodDays } = read;
  const energyMeters = Number(meter?.energy_meters ?? 0);
  /** Why the building has no intensity when a period of its meters has this gap. */
  const reasonOf = (gap: Gap | null): EnergyReason | null =>
    !meter
      ? 'no-meter'
      : energyMeters === 0
        ? 'meter-unit'
        : building.area === null || !(building.area > 0)
          ? 'no-area'
          : gap;
  const last = daysOf(sum, 'last', energyMeters);
  const previous = daysOf(sum, 'prev', energyMeters);
  const reason = reasonOf(gapOf(last, periodDays));
  const lastWhole = energyMeters > 0 && gapOf(last, periodDays) === null;
  const compareReason: CompareReason | null = !lastWhole
    ? 'last-incomplete'
    : (gapOf(previous, periodDays) ?? (!(previous.used! > 0) ? 'nothing-before' : null));
  const months = monthsOf(year, energyMeters);
  const yearReason = reasonOf(gapOf(months, read.yearDays));
  const common = {
    building_id: building.id,
    meters: energyMeters,
    area: building.area,
    last_reading_at: meter?.last_reading_at ?? null,
  };
  return [
    {
      ...common,
      period: '30-days' satisfies EnergyPeriod,
      used_kwh: last.used === null ? null : round3(last.used),
      eui: reason === null ? round3(last.used! / building.area!) : null,
      covered_days: round3(last.covered),
      reason,
      previous_kwh: previous.used === null ? null : round3(previous.used),
      change:
        compareReason === null ? round3((last.used! - previous.used!) / previous.used!) : null,
      compare_reason: compareReason,
      stuck_days: last.stuck,
    },
    {
      ...common,
      // A year is not compared with the one before: the index keeps twelve months.
      period: '12-months' satisfies EnergyPeriod,
      used_kwh: months.used === null ? null : round3(months.used),
      eui: yearReason === null ? round3(months.used! / building.area!) : null,
      covered_days: round3(months.covered),
      reason: yearReason,
      previous_kwh: null,
      change: null,
      compare_reason: null,
      stuck_days: months.stuck,
    },
  ];
}

type RankingRow = ReturnType<typeof rankingRows>[number];

/** The ranking replaced at once: every reader gets the old one or the new one. */
async function writeRanking(db: Kysely<IndexTables>, rows: readonly RankingRow[]) {
  const column = <K extends keyof RankingRow>(key: K) => rows.map((row) => row[key]);
  // As text: both drivers (node-postgres, PGlite) then pass the array alike.
  const lastReadings = column('last_reading_at').map((time) =>
    time === null ? null : new Date(time).toISOString(),
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('energy_building').execute();
    // One statement of column arrays: 20,000 rows as 1,000-row inserts took half the round.
    await sql`insert into energy_building (period, building_id, meters, area, used_kwh, eui,
        covered_days, reason, previous_kwh, change, compare_reason, last_reading_at, stuck_days)
      select * from unnest(
        ${column('period')}::text[], ${column('building_id')}::text[],
        ${column('meters')}::integer[], ${column('area')}::double precision[],
        ${column('used_kwh')}::double precision[], ${column('eui')}::double precision[],
        ${column('covered_days')}::double precision[], ${column('reason')}::text[],
        ${column('previous_kwh')}::double precision[], ${column('change')}::double precision[],
        ${column('compare_reason')}::text[], ${lastReadings}::timestamptz[],
        ${column('stuck_days')}::integer[]
      )`.execute(trx);
  });
}
