import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import {
  alarmSeverities,
  type AlarmEvent,
  type AlarmKind,
  type AlarmSeverity,
  type AlarmSummary,
  type AlarmView,
} from '../../../src/shared/contracts/alarms.ts';
import type { IndexTables } from '../core/tables.ts';
import { silencedUntil } from './silences.ts';

export interface AlarmFilter {
  view: AlarmView;
  kind?: AlarmKind | undefined;
  severity?: AlarmSeverity | undefined;
  building?: string | undefined;
  /** The person asking: whose alarms are "mine". */
  me: string | null;
}

type AlarmRow = Selectable<IndexTables['alarm']> & {
  building_name: string | null;
  silenced_until: Date | string | null;
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const who = (sub: string | null, name: string | null) => (sub === null ? null : { sub, name });

export function alarmSummaryOf(row: AlarmRow): AlarmSummary {
  return {
    id: row.id,
    kind: row.kind,
    severity: alarmSeverities[row.severity - 1] ?? 'minor',
    measure: row.measure,
    direction: row.direction,
    value: row.value,
    unit: row.unit,
    band:
      row.band_low === null && row.band_high === null
        ? null
        : { low: row.band_low, high: row.band_high, source: row.band_source ?? null },
    measurementId: row.measurement_id,
    sensorName: row.sensor_name,
    readingAt: iso(row.reading_at),
    buildingId: row.building_id,
    buildingName: row.building_name,
    levelKey: row.level_key,
    levelName: row.level_name,
    roomId: row.room_id,
    roomName: row.room_name,
    raisedAt: iso(row.raised_at)!,
    clearedAt: iso(row.cleared_at),
    acknowledgedAt: iso(row.acked_at),
    acknowledgedBy: who(row.acked_by, row.acked_by_name),
    assignee: who(row.assignee, row.assignee_name),
    chattering: row.chattering,
    reRaised: row.re_raised,
    lastComment: row.last_comment,
    escalatedAt: iso(row.escalated_at),
    detail: row.detail,
    silencedUntil: iso(row.silenced_until),
  };
}

const open = sql`(a.cleared_at is null or a.acked_at is null)`;

function viewCondition(filter: AlarmFilter): RawBuilder<unknown> {
  switch (filter.view) {
    case 'open':
      return open;
    case 'unacknowledged':
      return sql`a.acked_at is null`;
    case 'mine':
      return sql`${open} and a.assignee = ${filter.me ?? ''}`;
    case 'cleared':
      return sql`a.cleared_at is not null and a.acked_at is not null`;
  }
}

/**
 * One page of the worklist, as the person's scope lets them see it (the alarm table's policy),
 * with the counts the app bar shows. Open views: unacknowledged first, then the most severe,
 * then the newest; closed alarms newest first.
 */
export async function alarmWorklist(
  db: Kysely<IndexTables>,
  runId: number,
  filter: AlarmFilter,
  page: { offset: number; limit: number },
  now: Date,
) {
  const conditions: RawBuilder<unknown>[] = [viewCondition(filter)];
  if (filter.kind) conditions.push(sql`a.kind = ${filter.kind}`);
  if (filter.severity)
    conditions.push(sql`a.severity = ${alarmSeverities.indexOf(filter.severity) + 1}`);
  if (filter.building) conditions.push(sql`a.building_id = ${filter.building}`);
  const where = sql.join(conditions, sql` and `);
  const order =
    filter.view === 'cleared'
      ? sql`a.cleared_at desc, a.id desc`
      : sql`(a.acked_at is null) desc, a.severity, a.raised_at desc, a.id desc`;
  const { rows } = await sql<AlarmRow>`select a.*, b.name as building_name,
      ${silencedUntil(now)} as silenced_until
    from alarm a left join indexed_building b on b.run_id = ${runId} and b.id = a.building_id
    where ${where} order by ${order} offset ${page.offset} limit ${page.limit}`.execute(db);
  const {
    rows: [counted],
  } = await sql<{ total: string; open: string; unacknowledged: string; mine: string }>`select
      count(*) filter (where ${where}) as total,
      count(*) filter (where ${open}) as open,
      count(*) filter (where a.acked_at is null) as unacknowledged,
      count(*) filter (where ${open} and a.assignee = ${filter.me ?? ''}) as mine
    from alarm a where ${open} or (${where})`.execute(db);
  return {
    items: rows.map(alarmSummaryOf),
    total: Number(counted?.total ?? 0),
    counts: {
      open: Number(counted?.open ?? 0),
      unacknowledged: Number(counted?.unacknowledged ?? 0),
      mine: Number(counted?.mine ?? 0),
    },
  };
}

/** One alarm and its timeline, oldest event first; undefined when the person cannot see it. */
export async function alarmWithEvents(
  db: Kysely<IndexTables>,
  runId: number,
  id: number,
  now: Date,
) {
  const {
    rows: [row],
  } = await sql<AlarmRow>`select a.*, b.name as building_name,
      ${silencedUntil(now)} as silenced_until
    from alarm a left join indexed_building b on b.run_id = ${runId} and b.id = a.building_id
    where a.id = ${id}`.execute(db);
  if (!row) return undefined;
  const events = await db
    .selectFrom('alarm_event')
    .selectAll()
    .where('alarm_id', '=', id)
    .orderBy('id')
    .limit(1000)
    .execute();
  return {
    alarm: alarmSummaryOf(row),
    events: events.map((event): AlarmEvent => ({
      at: iso(event.at)!,
      type: event.type as AlarmEvent['type'],
      actor: who(event.actor, event.actor_name),
      text: event.text,
    })),
  };
}
