import { sql, type Kysely } from 'kysely';
import type { AlarmKind } from '../../../src/shared/contracts/alarms.ts';
import type { IndexTables } from '../core/tables.ts';
import { isChattering, type AlarmRules } from './rules.ts';

/**
 * Raising and clearing alarms in the database: one open alarm per subject (a partial unique
 * index), a raise again of one closed within the chattering window, an event for each change.
 */

/** What a raise writes: the subject and what it is about now. */
export interface AlarmCandidate {
  key: string;
  kind: AlarmKind;
  severity: number;
  buildingId: string;
  levelKey: string | null;
  levelName: string | null;
  roomId: string | null;
  roomName: string | null;
  measure: string | null;
  direction: 'low' | 'high' | null;
  measurementId: string | null;
  sensorName: string | null;
  value: number | null;
  unit: string | null;
  bandLow: number | null;
  bandHigh: number | null;
  bandSource?: string | null;
  readingAt: Date | null;
  /** A data-quality finding's or a failure's own words. */
  detail?: string | null;
}

export const openAlarm = sql<boolean>`(cleared_at is null or acked_at is null)`;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,639 ppm": a reading as the timeline keeps it. */
export const valueWords = (candidate: Pick<AlarmCandidate, 'value' | 'unit'>) =>
  candidate.value === null
    ? null
    : `${number.format(candidate.value)}${candidate.unit ? ` ${candidate.unit}` : ''}`;

/**
 * A list as one parameter, however long: `column = ${anyOf(values)}`. An array made once (an
 * init plan), so the planner reads the column's index for it; `in (select …)` would scan the
 * table instead.
 */
export const anyOf = (values: readonly string[]) =>
  sql`any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;

/** Alarms raised or kept up to date in one statement at most (its one JSON parameter's size). */
const rowsAtOnce = 500;

/**
 * Raises an alarm on its subject, or keeps the open one up to date: one open alarm per key,
 * whatever runs at once (the unique index alarm_one_open decides; a second raise finds the
 * first). An open alarm already cleared is raised again (`re-raised`), and marked chattering when
 * that happens often (rules.ts). Returns the alarm's id and whether it was new.
 */
export async function raiseAlarm(
  db: Kysely<IndexTables>,
  candidate: AlarmCandidate,
  now: Date,
  rules: AlarmRules,
): Promise<{ id: number; raised: boolean }> {
  const [outcome] = await raiseAlarms(db, [candidate], now, rules);
  // Only when another instance closed it between this raise's two statements.
  if (!outcome) throw new Error(`The alarm ${candidate.key} closed while it was being raised.`);
  return outcome;
}

/**
 * `raiseAlarm` for many subjects at once, in a handful of statements whatever their number (an
 * alarm round over 10,000 buildings has a budget of seconds, not one round trip per alarm); keys
 * must be distinct. Only an alarm raised again after it cleared (rare) takes statements of its own.
 */
export async function raiseAlarms(
  db: Kysely<IndexTables>,
  candidates: readonly AlarmCandidate[],
  now: Date,
  rules: AlarmRules,
  /** Keys known to have an alarm open (read in this transaction): not tried as new ones. */
  knownOpen: ReadonlySet<string> = new Set(),
  /**
   * Open alarms are written only where the check changed what they say (a round's hundreds of
   * unchanged ones are left alone), and only those written or raised are returned.
   */
  onlyChanged = false,
): Promise<Array<{ id: number; key: string; raised: boolean }>> {
  const outcomes: Array<{ id: number; key: string; raised: boolean }> = [];
  for (let start = 0; start < candidates.length; start += rowsAtOnce) {
    const part = candidates.slice(start, start + rowsAtOnce);
    const maybeNew = part.filter((candidate) => !knownOpen.has(candidate.key));
    const inserted = maybeNew.length === 0 ? [] : await insertAlarms(db, maybeNew, now, rules);
    outcomes.push(...inserted.map((row) => ({ id: row.id, key: row.key, raised: true })));
    const fresh = new Set(inserted.map((row) => row.key));
    const known = part.filter((candidate) => !fresh.has(candidate.key));
    if (known.length === 0) continue;
    const byKey = new Map(known.map((candidate) => [candidate.key, candidate]));
    // The newest reading, the worst severity it reached, on every open alarm at once.
    const { rows: kept } = await sql<{ id: number; key: string; cleared: boolean }>`
      update alarm set
        value = v.value, unit = v.unit, direction = v.direction,
        measurement_id = v.measurement_id, sensor_name = v.sensor_name,
        band_low = v.band_low, band_high = v.band_high, band_source = v.band_source,
        reading_at = v.reading_at,
        detail = v.detail, room_name = v.room_name, level_name = v.level_name,
        severity = least(alarm.severity, v.severity), checked_at = ${now}
      from ${candidateRecords(known)}
      where alarm.key = v.key and (alarm.cleared_at is null or alarm.acked_at is null)
        and (not ${onlyChanged} or alarm.cleared_at is not null
          or (alarm.value, alarm.unit, alarm.direction, alarm.measurement_id, alarm.sensor_name,
            alarm.band_low, alarm.band_high, alarm.band_source, alarm.reading_at, alarm.detail,
            alarm.room_name, alarm.level_name, alarm.severity)
          is distinct from (v.value, v.unit, v.direction, v.measurement_id, v.sensor_name,
            v.band_low, v.band_high, v.band_source, v.reading_at, v.detail, v.room_name,
            v.level_name, least(alarm.severity, v.severity)))
        and alarm.building_id = ${anyOf([...new Set(known.map((candidate) => candidate.buildingId))])}
      returning alarm.id, alarm.key, alarm.cleared_at is not null as cleared`.execute(db);
    for (const row of kept) {
      outcomes.push({ id: row.id, key: row.key, raised: false });
      if (row.cleared) await raiseAgain(db, row.id, byKey.get(row.key)!, now, rules);
    }
  }
  return outcomes;
}

/** Cleared but not yet acknowledged: the same alarm again, not a second one. */
async function raiseAgain(
  db: Kysely<IndexTables>,
  id: number,
  candidate: AlarmCandidate,
  now: Date,
  rules: AlarmRules,
): Promise<void> {
  const reRaised = await db
    .updateTable('alarm')
    .set({ cleared_at: null, re_raised: sql<number>`re_raised + 1` })
    .where('id', '=', id)
    .where('cleared_at', 'is not', null)
    .executeTakeFirst();
  if (reRaised.numUpdatedRows === 0n) return;
  await db
    .insertInto('alarm_event')
    .values({
      alarm_id: id,
      building_id: candidate.buildingId,
      at: now,
      type: 're-raised',
      actor: null,
      actor_name: null,
      text: valueWords(candidate),
    })
    .execute();
  const raises = await db
    .selectFrom('alarm_event')
    .select('at')
    .where('alarm_id', '=', id)
    .where('type', 'in', ['raised', 're-raised'])
    .execute();
  if (
    isChattering(
      raises.map((row) => new Date(row.at)),
      now.getTime(),
      rules,
    )
  )
    await db.updateTable('alarm').set({ chattering: true }).where('id', '=', id).execute();
}

/**
 * Candidates as one JSON parameter read as rows `v` (an alarm's columns, and `words`: its value
 * as the timeline keeps it): a statement's size whatever their number, one parse.
 */
const candidateRecords = (candidates: readonly AlarmCandidate[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    candidates.map((candidate) => ({
      key: candidate.key,
      kind: candidate.kind,
      severity: candidate.severity,
      building_id: candidate.buildingId,
      level_key: candidate.levelKey,
      level_name: candidate.levelName,
      room_id: candidate.roomId,
      room_name: candidate.roomName,
      measure: candidate.measure,
      direction: candidate.direction,
      measurement_id: candidate.measurementId,
      sensor_name: candidate.sensorName,
      value: candidate.value,
      unit: candidate.unit,
      band_low: candidate.bandLow,
      band_high: candidate.bandHigh,
      band_source: candidate.bandSource ?? null,
      reading_at: candidate.readingAt?.toISOString() ?? null,
      detail: candidate.detail ?? null,
      words: valueWords(candidate),
    })),
  )}::jsonb) as v(key text, kind text, severity smallint, building_id text, level_key text,
    level_name text, room_id text, room_name text, measure text, direction text,
    measurement_id text, sensor_name text, value double precision, unit text,
    band_low double precision, band_high double precision, band_source text,
    reading_at timestamptz, detail text, words text)`;

/**
 * Inserts the alarms not open yet, their `raised` events, and adds them to their buildings'
 * messages of the current window, in one statement (a round raises hundreds at once, and each
 * round trip waits its turn on a busy event loop): an alarm is never raised without its event and
 * without being told. One open alarm per key whatever runs at once (alarm_one_open: a key open
 * already is left out and not returned). A raise again or a chattering alarm is not told again.
 */
async function insertAlarms(
  db: Kysely<IndexTables>,
  candidates: readonly AlarmCandidate[],
  now: Date,
  rules: AlarmRules,
): Promise<Array<{ id: number; key: string }>> {
  const windowStart = new Date(
    Math.floor(now.getTime() / rules.groupWindowMs) * rules.groupWindowMs,
  );
  const { rows: inserted } = await sql<{ id: number; key: string }>`
    with v as (select * from ${candidateRecords(candidates)}),
    inserted as (
      insert into alarm (key, kind, severity, building_id, level_key, level_name, room_id,
        room_name, measure, direction, measurement_id, sensor_name, value, unit, band_low,
        band_high, band_source, reading_at, detail, raised_at, checked_at)
      select key, kind, severity, building_id, level_key, level_name, room_id, room_name, measure,
        direction, measurement_id, sensor_name, value, unit, band_low, band_high, band_source,
        reading_at, detail, ${now}, ${now}
      from v
      on conflict (key) where ${openAlarm} do nothing
      returning id, key, building_id),
    events as (
      insert into alarm_event (alarm_id, building_id, at, type, actor, actor_name, text)
      select i.id, i.building_id, ${now}, 'raised', null, null, v.words
      from inserted i join v on v.key = i.key),
    batches as (
      insert into notification_batch (building_id, window_start, due_at, alarm_ids)
      select building_id, ${windowStart}, ${new Date(windowStart.getTime() + rules.groupWindowMs)},
        array_agg(id order by id)
      from inserted group by building_id
      on conflict (building_id, window_start, route)
        do update set alarm_ids = notification_batch.alarm_ids || excluded.alarm_ids)
    select id, key from inserted`.execute(db);
  return inserted;
}

/** Clears an active alarm of that key (Storey's own doing); nothing when none is active. */
export async function clearAlarm(
  db: Kysely<IndexTables>,
  key: string,
  now: Date,
  text: string | null,
): Promise<void> {
  await clearAlarms(db, [{ key, text }], now);
}

/** `clearAlarm` for many keys at once: one statement whatever their number, events included. */
export async function clearAlarms(
  db: Kysely<IndexTables>,
  clears: ReadonlyArray<{ key: string; text: string | null }>,
  now: Date,
): Promise<void> {
  if (clears.length === 0) return;
  await sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(
        clears.map((clear) => ({ key: clear.key, words: clear.text })),
      )}::jsonb) as v(key text, words text)),
    cleared as (
      update alarm set cleared_at = ${now}, checked_at = ${now}
      from v where alarm.key = v.key and alarm.cleared_at is null
      returning alarm.id, alarm.building_id, v.words)
    insert into alarm_event (alarm_id, building_id, at, type, actor, actor_name, text)
    select id, building_id, ${now}, 'cleared', null, null, words from cleared`.execute(db);
}
