import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IndexTables } from '../core/tables.ts';

export const attentionKinds = ['temperature', 'co2', 'humidity'] as const;
export const attentionSorts = ['worst', 'longest'] as const;

export interface AttentionFilter {
  site?: string | undefined;
  building?: string | undefined;
  kind?: (typeof attentionKinds)[number] | undefined;
}

/** Another sensor of the same room out of band for the same kind, named on the worst one's row. */
export interface OtherSensor {
  measurementId: string;
  name: string | null;
  value: number;
  unit: string | null;
  status: 'low' | 'high';
}

/**
 * A room out of its comfort band for one kind: its worst reading, with its room, building and
 * site named, and the room's other sensors of that kind out of band too (one row per room and
 * kind: a room with three thermometers is one room that needs attention, not three).
 */
export interface AttentionRow {
  measurementId: string;
  kind: (typeof attentionKinds)[number];
  name: string | null;
  unit: string | null;
  value: number;
  status: 'low' | 'high';
  /** How far out, as a share of the band's width (comfort-verdict.ts). */
  outShare: number;
  readingAt: string;
  outSince: string;
  /** False: already out of band when first read, so out at least since `outSince`. */
  outSinceKnown: boolean;
  checkedAt: string;
  roomId: string;
  roomName: string | null;
  levelKey: string | null;
  levelName: string | null;
  buildingId: string;
  buildingName: string | null;
  siteId: string;
  siteName: string | null;
  /** The band the room was judged by (its type's: space-bands.ts), with its source. */
  band: { low: number | null; high: number | null; source: string | null };
  others: OtherSensor[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * What needs attention now across the served portfolio: readings out of band at their building's
 * last check, worst first (furthest out, then longest out) or longest first, one page of them,
 * with how many there are, in how many rooms, and how complete and how recent the checks are.
 */
export async function attentionList(
  db: Kysely<IndexTables>,
  runId: number,
  filter: AttentionFilter,
  sort: (typeof attentionSorts)[number],
  page: { offset: number; limit: number },
  now: number,
) {
  const { from, where, order, cutoff } = attentionClauses(runId, filter, sort, now);
  // One statement: the readings out of band now are gathered once, for the page and its counts
  // both. Out of band now, each reading once; then the worst reading of each room and kind; the
  // page of those, each with its room's other sensors of that kind out of band (read by the
  // room's index for the page's rows alone, not from every reading out of band for each row).
  const { rows } = await sql<Counted & (AttentionSqlRow | NoRow)>`with out_now as (
      select r.measurement_id, r.kind, r.name, r.unit, r.value, r.status, r.out_share,
        r.reading_at, r.out_since, r.out_since_known, r.checked_at, r.room_id, r.room_name,
        r.level_key, r.level_name, r.building_id, r.band_low, r.band_high, r.band_source,
        b.name as building_name, b.site_id, s.name as site_name ${from} where ${where}),
    worst as (
      select distinct on (o.room_id, o.kind) o.* from out_now o
      order by o.room_id, o.kind, o.out_share desc, o.out_since asc, o.measurement_id),
    counted as (
      select (select count(*) from worst) as rows, (select count(*) from out_now) as readings,
        (select count(distinct room_id) from out_now) as rooms),
    page as (select w.* from worst w order by ${order} offset ${page.offset} limit ${page.limit})
    select c.rows as counted_rows, c.readings as counted_readings, c.rooms as counted_rooms,
      w.measurement_id, w.kind, w.name, w.unit, w.value, w.status, w.out_share,
      w.reading_at, w.out_since, w.out_since_known, w.checked_at, w.room_id, w.room_name,
      w.level_key, w.level_name, w.building_id, w.building_name, w.site_id, w.site_name,
      w.band_low, w.band_high, w.band_source,
      (select coalesce(jsonb_agg(jsonb_build_object('measurementId', o.measurement_id,
          'name', o.name, 'value', o.value, 'unit', o.unit, 'status', o.status)
          order by o.out_share desc, o.measurement_id), '[]'::jsonb)
        from condition_reading o where o.room_id = w.room_id and o.kind = w.kind
          and o.measurement_id <> w.measurement_id and o.status in ('low', 'high')
          and o.checked_at >= ${cutoff}) as others
    from counted c left join page w on true
    order by ${order}`.execute(db);
  const counted = rows[0];
  const pageRows = rows.filter(
    (row): row is Counted & AttentionSqlRow => row.measurement_id !== null,
  );
  return {
    /** Rows: rooms out of band for a kind. */
    total: Number(counted?.counted_rows ?? 0),
    /** Readings out of band, every sensor counted. */
    readingsOut: Number(counted?.counted_readings ?? 0),
    rooms: Number(counted?.counted_rooms ?? 0),
    readings: pageRows.map(attentionRow),
    checks: await checksOf(db, runId, filter),
  };
}

/** Which readings the list holds (out of band now, in the filter) and in which order. */
function attentionClauses(
  runId: number,
  filter: AttentionFilter,
  sort: (typeof attentionSorts)[number],
  now: number,
) {
  // Judged long ago and not checked since (the budget could not reach it): no longer "now".
  const cutoff = new Date(now - maxCheckAgeMs);
  const conditions: RawBuilder<unknown>[] = [
    sql`r.status in ('low', 'high')`,
    sql`r.checked_at >= ${cutoff}`,
  ];
  if (filter.site) conditions.push(sql`b.site_id = ${filter.site}`);
  if (filter.building) conditions.push(sql`r.building_id = ${filter.building}`);
  if (filter.kind) conditions.push(sql`r.kind = ${filter.kind}`);
  const where = sql.join(conditions, sql` and `);
  const from = sql`from condition_reading r
    join indexed_building b on b.run_id = ${runId} and b.id = r.building_id
    left join indexed_site s on s.run_id = ${runId} and s.id = b.site_id`;
  const order =
    sort === 'worst'
      ? sql`w.out_share desc, w.out_since asc, w.measurement_id`
      : sql`w.out_since asc, w.out_share desc, w.measurement_id`;
  return { from, where, order, cutoff };
}

/** The counts every row of the answer carries (the first is read). */
interface Counted {
  counted_rows: string;
  counted_readings: string;
  counted_rooms: string;
}

/** An empty page still answers one row, with its counts: the left join's nulls. */
type NoRow = { [column in keyof AttentionSqlRow]: null };

interface AttentionSqlRow {
  measurement_id: string;
  kind: AttentionRow['kind'];
  name: string | null;
  unit: string | null;
  value: number;
  status: AttentionRow['status'];
  out_share: number;
  reading_at: Date;
  out_since: Date;
  out_since_known: boolean;
  checked_at: Date;
  room_id: string;
  room_name: string | null;
  level_key: string | null;
  level_name: string | null;
  building_id: string;
  building_name: string | null;
  site_id: string;
  site_name: string | null;
  band_low: number | null;
  band_high: number | null;
  band_source: string | null;
  others: OtherSensor[] | string;
}

function attentionRow(row: AttentionSqlRow): AttentionRow {
  return {
    measurementId: row.measurement_id,
    kind: row.kind,
    name: row.name,
    unit: row.unit,
    value: row.value,
    status: row.status,
    outShare: row.out_share,
    readingAt: iso(row.reading_at),
    outSince: iso(row.out_since),
    outSinceKnown: row.out_since_known,
    checkedAt: iso(row.checked_at),
    roomId: row.room_id,
    roomName: row.room_name,
    levelKey: row.level_key,
    levelName: row.level_name,
    buildingId: row.building_id,
    buildingName: row.building_name,
    siteId: row.site_id,
    siteName: row.site_name,
    band: { low: row.band_low, high: row.band_high, source: row.band_source },
    others: typeof row.others === 'string' ? (JSON.parse(row.others) as OtherSensor[]) : row.others,
  };
}

/**
 * A verdict older than this is left off the list: its building has not been checked for a day,
 * and a reading of then says nothing of now. The checks' figures say how far behind they are.
 */
export const maxCheckAgeMs = 24 * 60 * 60 * 1000;

/** How many of the scope's buildings with devices have been checked, and the oldest check. */
async function checksOf(db: Kysely<IndexTables>, runId: number, filter: AttentionFilter) {
  const conditions: RawBuilder<unknown>[] = [
    sql`b.run_id = ${runId}`,
    sql`(b.counts_included = false or b.device_count > 0)`,
  ];
  if (filter.site) conditions.push(sql`b.site_id = ${filter.site}`);
  if (filter.building) conditions.push(sql`b.id = ${filter.building}`);
  const {
    rows: [row],
  } = await sql<{ buildings: string; checked: string; oldest: Date | null; newest: Date | null }>`
    select count(*) as buildings, count(c.building_id) as checked,
      min(c.checked_at) as oldest, max(c.checked_at) as newest
    from indexed_building b left join condition_building c on c.building_id = b.id
    where ${sql.join(conditions, sql` and `)}`.execute(db);
  const lastRound = await db
    .selectFrom('condition_round')
    .selectAll()
    .where('finished_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    /** Buildings with devices (or whose devices the platform did not count). */
    buildings: Number(row?.buildings ?? 0),
    checked: Number(row?.checked ?? 0),
    /** The least recent check of a checked building; null before any. */
    oldestCheckAt: row?.oldest ? iso(row.oldest) : null,
    newestCheckAt: row?.newest ? iso(row.newest) : null,
    lastRound: lastRound
      ? {
          startedAt: iso(lastRound.started_at),
          finishedAt: iso(lastRound.finished_at!),
          buildingsChecked: lastRound.buildings_checked,
          platformRequests: lastRound.platform_requests,
          error: lastRound.error,
        }
      : null,
  };
}
