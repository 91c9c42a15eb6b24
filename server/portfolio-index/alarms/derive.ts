import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { defaultComfortBands } from '../../../src/shared/rules/comfort.ts';
import { severityRank, type AlarmKind } from '../../../src/shared/contracts/alarms.ts';
import { longestQuietMs } from '../../../src/shared/rules/meter-use.ts';
import type { IndexTables } from '../core/tables.ts';
import {
  comfortCondition,
  comfortSeverity,
  isChattering,
  type AlarmRules,
  type SensorState,
} from './rules.ts';

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

const openAlarm = sql<boolean>`(cleared_at is null or acked_at is null)`;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,639 ppm": a reading as the timeline keeps it. */
const valueWords = (candidate: Pick<AlarmCandidate, 'value' | 'unit'>) =>
  candidate.value === null
    ? null
    : `${number.format(candidate.value)}${candidate.unit ? ` ${candidate.unit}` : ''}`;

/**
 * A list as one parameter, however long: `column = ${anyOf(values)}`. An array made once (an
 * init plan), so the planner reads the column's index for it; `in (select …)` would scan the
 * table instead.
 */
const anyOf = (values: readonly string[]) =>
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

export const comfortKey = (roomId: string, measure: string) => `comfort:${roomId}:${measure}`;
const noDataPrefix = 'no-data:';
const meterSilentPrefix = 'meter-silent:';
export const noDataKey = (measurementId: string) => `${noDataPrefix}${measurementId}`;
export const meterSilentKey = (measurementId: string) => `${meterSilentPrefix}${measurementId}`;
export const meterStuckKey = (measurementId: string) => `meter-stuck:${measurementId}`;

/**
 * When an alarm of this key was last raised or raised again, open or closed since: a silence told
 * after the last reading is not told again, also once closed by hand (its raise again counts:
 * the first raise's time alone made a silence closed after a raise again come back at once).
 */
const lastToldOf = (key: RawBuilder<unknown>) =>
  sql`(select max(told.at) from alarm a cross join lateral (
      select max(at) as at from alarm_event
      where alarm_id = a.id and type in ('raised', 're-raised')) told
    where a.key = ${key})`;

/**
 * What the refresh keeps of a reading, as derivation reads it; for a silent one, when its
 * silence was last told (lastToldOf).
 */
type ReadingRow = { told_at: Date | string | null } & Pick<
  Selectable<IndexTables['condition_reading']>,
  | 'building_id'
  | 'measurement_id'
  | 'room_id'
  | 'room_name'
  | 'level_key'
  | 'level_name'
  | 'kind'
  | 'name'
  | 'unit'
  | 'value'
  | 'status'
  | 'out_share'
  | 'out_checks'
  | 'in_checks'
  | 'reading_at'
  | 'band_low'
  | 'band_high'
  | 'band_source'
>;

const readingColumns = sql.raw(
  `r.building_id, r.measurement_id, r.room_id, r.room_name, r.level_key, r.level_name, r.kind,
  r.name, r.unit, r.value, r.status, r.out_share, r.out_checks, r.in_checks, r.reading_at,
  r.band_low, r.band_high, r.band_source`,
);

/**
 * Brings the alarms of these buildings in line with their readings as the conditions refresh
 * wrote them, in one transaction and a fixed number of statements whatever the number of
 * buildings (decision 0021: an alarm round over 10,000 buildings is a matter of seconds). A room
 * out of band for the on-delay raises its comfort alarm, back inside by the deadband clears it;
 * a sensor gone silent raises no-data and clears it when it reports again; a building's energy
 * meters raise meter-silent and meter-stuck (deriveMeterAlarms). Only the readings that can change
 * an alarm are read: those out of band or silent, and those of rooms and sensors with an alarm
 * active.
 */
export async function deriveAlarms(
  db: Kysely<IndexTables>,
  buildingIds: readonly string[],
  now: Date,
  judge: { rules: AlarmRules },
): Promise<void> {
  if (buildingIds.length === 0) return;
  const buildings = anyOf(buildingIds);
  await db.transaction().execute(async (trx) => {
    // Three parts, each read by an index (migration 0018): the readings out of band or silent,
    // the sensors of rooms with a comfort alarm active (what may clear it), and the sensors with
    // an alarm of their own active. A reading back inside matters only to an active alarm, so
    // the rest of the buildings' readings (nearly all) are not read at all.
    const { rows: readings } = await sql<ReadingRow>`
      with active as materialized (
        select kind, room_id, measure, measurement_id from alarm
        where building_id = ${buildings} and cleared_at is null)
      select u.*, case when u.status = 'stale' then ${lastToldOf(sql`${noDataPrefix} || u.measurement_id`)}
        end as told_at
      from (
        select ${readingColumns} from condition_reading r
        where r.building_id = ${buildings} and r.status in ('low', 'high', 'stale')
        union
        select ${readingColumns} from condition_reading r
        join active a on a.kind = 'comfort' and r.room_id = a.room_id and r.kind = a.measure
        union
        select ${readingColumns} from condition_reading r
        join active a on r.measurement_id = a.measurement_id) u`.execute(trx);
    // What is open is updated, not inserted again; only what is active can clear.
    const open = await trx
      .selectFrom('alarm')
      .select(['key', sql<boolean>`cleared_at is null`.as('active')])
      .where(sql<boolean>`building_id = ${buildings}`)
      .where(openAlarm)
      .execute();
    const active = new Set(open.filter((alarm) => alarm.active).map((alarm) => alarm.key));
    const raises: AlarmCandidate[] = [];
    const clears: Array<{ key: string; text: string | null }> = [];
    comfortAlarms(readings, judge, active, raises, clears);
    noDataAlarms(readings, active, raises, clears);
    await deriveMeterAlarms(trx, buildings, now, active, raises, clears);
    await raiseAlarms(trx, raises, now, judge.rules, new Set(open.map((alarm) => alarm.key)), true);
    await clearAlarms(trx, clears, now);
  });
}

/** Each room's comfort, kind by kind, from all its sensors of that kind (rules.ts). */
function comfortAlarms(
  readings: readonly ReadingRow[],
  judge: { rules: AlarmRules },
  active: ReadonlySet<string>,
  raises: AlarmCandidate[],
  clears: Array<{ key: string; text: string | null }>,
) {
  const rooms = new Map<string, ReadingRow[]>();
  for (const reading of readings) {
    const key = comfortKey(reading.room_id, reading.kind);
    const sensors = rooms.get(key);
    if (sensors) sensors.push(reading);
    else rooms.set(key, [reading]);
  }
  for (const [key, sensors] of rooms) {
    const states: SensorState[] = sensors.map((reading) => ({
      measurementId: reading.measurement_id,
      kind: reading.kind,
      status: reading.status,
      value: reading.value,
      unit: reading.unit,
      outShare: reading.out_share,
      outChecks: reading.out_checks,
      inChecks: reading.in_checks,
      readingAt: new Date(reading.reading_at),
    }));
    const condition = comfortCondition(states, judge.rules);
    if (condition.state === 'out') {
      const worst = sensors.find(
        (sensor) => sensor.measurement_id === condition.worst.measurementId,
      )!;
      raises.push({
        key,
        kind: 'comfort',
        severity: severityRank[comfortSeverity(worst.out_share)],
        buildingId: worst.building_id,
        levelKey: worst.level_key,
        levelName: worst.level_name,
        roomId: worst.room_id,
        roomName: worst.room_name,
        measure: worst.kind,
        direction: worst.status === 'low' ? 'low' : 'high',
        measurementId: worst.measurement_id,
        sensorName: worst.name,
        value: worst.value,
        unit: worst.unit ?? defaultComfortBands[worst.kind].unit,
        bandLow: worst.band_low,
        bandHigh: worst.band_high,
        bandSource: worst.band_source,
        readingAt: new Date(worst.reading_at),
      });
    } else if (condition.state === 'back-inside' && active.has(key)) {
      const latest = sensors[0]!;
      clears.push({ key, text: valueWords({ value: latest.value, unit: latest.unit }) });
    }
  }
}

/**
 * A silence is one alarm: raised once, whether it is still open or was closed by hand (a sensor
 * removed for good), until the sensor reports again and falls silent anew.
 */
function noDataAlarms(
  readings: readonly ReadingRow[],
  active: ReadonlySet<string>,
  raises: AlarmCandidate[],
  clears: Array<{ key: string; text: string | null }>,
) {
  for (const reading of readings) {
    const key = noDataKey(reading.measurement_id);
    const told = reading.told_at === null ? undefined : new Date(reading.told_at).getTime();
    if (reading.status !== 'stale') {
      if (active.has(key)) clears.push({ key, text: 'Reporting again' });
      continue;
    }
    if (told !== undefined && told >= new Date(reading.reading_at).getTime() && !active.has(key))
      continue;
    raises.push({
      key,
      kind: 'no-data',
      severity: severityRank.minor,
      buildingId: reading.building_id,
      levelKey: reading.level_key,
      levelName: reading.level_name,
      roomId: reading.room_id,
      roomName: reading.room_name,
      measure: reading.kind,
      direction: null,
      measurementId: reading.measurement_id,
      sensorName: reading.name,
      value: reading.value,
      unit: reading.unit,
      bandLow: null,
      bandHigh: null,
      readingAt: new Date(reading.reading_at),
    });
  }
}

/**
 * The buildings' energy meters: one that sent nothing for `longestQuietMs` (the energy figures
 * stop counting it then too) raises `meter-silent` until it reports; one whose last whole day
 * on its site's clock was read whole without its total moving raises `meter-stuck` until a
 * whole day shows use again. Only meters of energy (a kWh factor) are judged.
 */
async function deriveMeterAlarms(
  db: Kysely<IndexTables>,
  buildings: ReturnType<typeof anyOf>,
  now: Date,
  active: ReadonlySet<string>,
  raises: AlarmCandidate[],
  clears: Array<{ key: string; text: string | null }>,
): Promise<void> {
  // Each meter with its last whole day, found by walking its days' key backwards (a sort of
  // every kept day of 200 buildings' meters took longer than the rest of the meters' work).
  const { rows: meters } = await sql<{
    building_id: string;
    measurement_id: string;
    unit: string | null;
    last_reading_at: Date | string | null;
    day: string | null;
    used_kwh: number | null;
    /** When its silence was last told (lastToldOf). */
    silent_told_at: Date | string | null;
  }>`select m.building_id, m.measurement_id, m.unit, m.last_reading_at, d.day, d.used_kwh,
      ${lastToldOf(sql`${meterSilentPrefix} || m.measurement_id`)} as silent_told_at
    from energy_meter m
    left join lateral (
      select day, used_kwh from energy_day
      where building_id = m.building_id and measurement_id = m.measurement_id and complete
      order by day desc limit 1) d on true
    where m.building_id = ${buildings} and m.kwh_per_unit is not null`.execute(db);
  if (meters.length === 0) return;
  const meterAlarm = (
    meter: (typeof meters)[number],
    kind: 'meter-silent' | 'meter-stuck',
    key: string,
    value: number | null,
  ): AlarmCandidate => ({
    key,
    kind,
    severity: severityRank.major,
    buildingId: meter.building_id,
    levelKey: null,
    levelName: null,
    roomId: null,
    roomName: null,
    measure: 'energy',
    direction: null,
    measurementId: meter.measurement_id,
    // A meter of the building as a whole, named in words: its device id read as a name put a
    // raw id in every meter alarm's title (the alarm's page names the measurement).
    sensorName: null,
    value,
    unit: kind === 'meter-stuck' ? 'kWh' : meter.unit,
    bandLow: null,
    bandHigh: null,
    readingAt: meter.last_reading_at ? new Date(meter.last_reading_at) : null,
  });
  for (const meter of meters) {
    const silentKey = meterSilentKey(meter.measurement_id);
    const lastAt = meter.last_reading_at ? new Date(meter.last_reading_at).getTime() : null;
    // As a sensor's silence: one alarm until the meter reports again, also once cleared by hand.
    const told =
      meter.silent_told_at === null ? undefined : new Date(meter.silent_told_at).getTime();
    const silent = lastAt === null || now.getTime() - lastAt > longestQuietMs;
    if (silent && told !== undefined && told >= (lastAt ?? 0) && !active.has(silentKey)) {
      // Told already, and closed by hand since: not raised again until it reports.
    } else if (silent) raises.push(meterAlarm(meter, 'meter-silent', silentKey, null));
    else if (active.has(silentKey)) clears.push({ key: silentKey, text: 'Reporting again' });

    const stuckKey = meterStuckKey(meter.measurement_id);
    if (meter.day !== null && meter.used_kwh === 0)
      raises.push(meterAlarm(meter, 'meter-stuck', stuckKey, 0));
    else if (meter.day !== null && active.has(stuckKey))
      clears.push({ key: stuckKey, text: `Used ${meter.used_kwh} kWh on ${meter.day}` });
  }
}
