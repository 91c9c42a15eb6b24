import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { defaultComfortBands } from '../../../src/shared/rules/comfort.ts';
import { severityRank } from '../../../src/shared/contracts/alarms.ts';
import { longestQuietMs } from '../../../src/shared/rules/meter-use.ts';
import type { IndexTables } from '../core/tables.ts';
import { comfortCondition, comfortSeverity, type AlarmRules, type SensorState } from './rules.ts';

import {
  anyOf,
  clearAlarms,
  openAlarm,
  raiseAlarms,
  valueWords,
  type AlarmCandidate,
} from './alarm-writes.ts';

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
