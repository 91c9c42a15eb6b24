import { sql, type Kysely } from 'kysely';
import type { ComfortBands } from '../../../src/shared/rules/comfort.ts';
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
  const values = {
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
    reading_at: candidate.readingAt,
    detail: candidate.detail ?? null,
    raised_at: now,
    checked_at: now,
  };
  const inserted = await db
    .insertInto('alarm')
    .values(values)
    .onConflict((conflict) => conflict.column('key').where(openAlarm).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await db
      .insertInto('alarm_event')
      .values({
        alarm_id: inserted.id,
        building_id: candidate.buildingId,
        at: now,
        type: 'raised',
        actor: null,
        actor_name: null,
        text: valueWords(candidate),
      })
      .execute();
    await addToBatch(db, candidate.buildingId, inserted.id, now, rules.groupWindowMs);
    return { id: inserted.id, raised: true };
  }
  const open = await db
    .selectFrom('alarm')
    .select(['id', 'cleared_at'])
    .where('key', '=', candidate.key)
    .where(openAlarm)
    .executeTakeFirstOrThrow();
  // The newest reading, the worst severity it reached.
  await db
    .updateTable('alarm')
    .set({
      value: values.value,
      unit: values.unit,
      direction: values.direction,
      measurement_id: values.measurement_id,
      sensor_name: values.sensor_name,
      band_low: values.band_low,
      band_high: values.band_high,
      reading_at: values.reading_at,
      detail: values.detail,
      room_name: values.room_name,
      level_name: values.level_name,
      severity: sql<number>`least(severity, ${candidate.severity})`,
      checked_at: now,
    })
    .where('id', '=', open.id)
    .execute();
  if (open.cleared_at === null) return { id: open.id, raised: false };
  // Cleared but not yet acknowledged: the same alarm again, not a second one.
  const reRaised = await db
    .updateTable('alarm')
    .set({ cleared_at: null, re_raised: sql<number>`re_raised + 1` })
    .where('id', '=', open.id)
    .where('cleared_at', 'is not', null)
    .executeTakeFirst();
  if (reRaised.numUpdatedRows === 0n) return { id: open.id, raised: false };
  await db
    .insertInto('alarm_event')
    .values({
      alarm_id: open.id,
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
    .where('alarm_id', '=', open.id)
    .where('type', 'in', ['raised', 're-raised'])
    .execute();
  if (
    isChattering(
      raises.map((row) => new Date(row.at)),
      now.getTime(),
      rules,
    )
  )
    await db.updateTable('alarm').set({ chattering: true }).where('id', '=', open.id).execute();
  return { id: open.id, raised: false };
}

/**
 * Adds a new alarm to its building's message of the current window (in the raise's transaction:
 * an alarm is never raised without being told). A raise again or a chattering alarm is not told
 * again: one message per alarm.
 */
async function addToBatch(
  db: Kysely<IndexTables>,
  buildingId: string,
  alarmId: number,
  now: Date,
  windowMs: number,
) {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .insertInto('notification_batch')
    .values({
      building_id: buildingId,
      window_start: windowStart,
      due_at: new Date(windowStart.getTime() + windowMs),
      alarm_ids: sql<number[]>`array[${alarmId}]::integer[]`,
    })
    .onConflict((conflict) =>
      conflict.columns(['building_id', 'window_start', 'route']).doUpdateSet({
        alarm_ids: sql<number[]>`notification_batch.alarm_ids || excluded.alarm_ids`,
      }),
    )
    .execute();
}

/** Clears an active alarm of that key (Storey's own doing); nothing when none is active. */
export async function clearAlarm(
  db: Kysely<IndexTables>,
  key: string,
  now: Date,
  text: string | null,
): Promise<void> {
  const cleared = await db
    .updateTable('alarm')
    .set({ cleared_at: now, checked_at: now })
    .where('key', '=', key)
    .where('cleared_at', 'is', null)
    .returning(['id', 'building_id'])
    .executeTakeFirst();
  if (!cleared) return;
  await db
    .insertInto('alarm_event')
    .values({
      alarm_id: cleared.id,
      building_id: cleared.building_id,
      at: now,
      type: 'cleared',
      actor: null,
      actor_name: null,
      text,
    })
    .execute();
}

export const comfortKey = (roomId: string, measure: string) => `comfort:${roomId}:${measure}`;
export const noDataKey = (measurementId: string) => `no-data:${measurementId}`;
export const meterSilentKey = (measurementId: string) => `meter-silent:${measurementId}`;
export const meterStuckKey = (measurementId: string) => `meter-stuck:${measurementId}`;

/**
 * Brings one building's alarms in line with its readings as the conditions refresh just wrote
 * them (in the same transaction, so an alarm never disagrees with "Needs attention"): a room out
 * of band for the on-delay raises its comfort alarm, back inside by the deadband clears it; a
 * sensor gone silent raises no-data and clears it when it reports again.
 */
export async function deriveBuildingAlarms(
  db: Kysely<IndexTables>,
  buildingId: string,
  now: Date,
  judge: { bands: ComfortBands; rules: AlarmRules },
): Promise<void> {
  const readings = await db
    .selectFrom('condition_reading')
    .select([
      'measurement_id',
      'room_id',
      'room_name',
      'level_key',
      'level_name',
      'kind',
      'name',
      'unit',
      'value',
      'status',
      'out_share',
      'out_checks',
      'in_checks',
      'reading_at',
    ])
    .where('building_id', '=', buildingId)
    .execute();
  // Only what is active can clear: one query, not one per reading.
  const active = new Set(
    (
      await db
        .selectFrom('alarm')
        .select('key')
        .where('building_id', '=', buildingId)
        .where('cleared_at', 'is', null)
        .execute()
    ).map((row) => row.key),
  );
  const rooms = new Map<string, typeof readings>();
  for (const reading of readings) {
    const key = comfortKey(reading.room_id, reading.kind);
    rooms.set(key, [...(rooms.get(key) ?? []), reading]);
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
      const band = judge.bands[worst.kind];
      await raiseAlarm(
        db,
        {
          key,
          kind: 'comfort',
          severity: severityRank[comfortSeverity(worst.out_share)],
          buildingId,
          levelKey: worst.level_key,
          levelName: worst.level_name,
          roomId: worst.room_id,
          roomName: worst.room_name,
          measure: worst.kind,
          direction: worst.status === 'low' ? 'low' : 'high',
          measurementId: worst.measurement_id,
          sensorName: worst.name,
          value: worst.value,
          unit: worst.unit ?? band.unit,
          bandLow: band.low ?? null,
          bandHigh: band.high ?? null,
          readingAt: new Date(worst.reading_at),
        },
        now,
        judge.rules,
      );
    } else if (condition.state === 'back-inside' && active.has(key)) {
      const latest = sensors[0]!;
      await clearAlarm(db, key, now, valueWords({ value: latest.value, unit: latest.unit }));
    }
  }
  // A silence is one alarm: raised once, whether it is still open or was closed by hand (a sensor
  // removed for good), until the sensor reports again and falls silent anew.
  const stale = readings.filter((reading) => reading.status === 'stale');
  const toldSince = new Map(
    stale.length === 0
      ? []
      : (
          await db
            .selectFrom('alarm')
            .select(['key', (eb) => eb.fn.max('raised_at').as('raised_at')])
            .where('building_id', '=', buildingId)
            .where('kind', '=', 'no-data')
            .where(
              'key',
              'in',
              stale.map((reading) => noDataKey(reading.measurement_id)),
            )
            .groupBy('key')
            .execute()
        ).map((row) => [row.key, new Date(row.raised_at as Date | string).getTime()]),
  );
  for (const reading of readings) {
    const key = noDataKey(reading.measurement_id);
    const told = toldSince.get(key);
    if (
      reading.status === 'stale' &&
      told !== undefined &&
      told >= new Date(reading.reading_at).getTime() &&
      !active.has(key)
    )
      continue;
    if (reading.status === 'stale')
      await raiseAlarm(
        db,
        {
          key,
          kind: 'no-data',
          severity: severityRank.minor,
          buildingId,
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
        },
        now,
        judge.rules,
      );
    else if (active.has(key)) await clearAlarm(db, key, now, 'Reporting again');
  }
  await deriveMeterAlarms(db, buildingId, now, judge.rules, active);
}

/**
 * A building's energy meters: one that sent nothing for `longestQuietMs` (the energy figures
 * stop counting it then too) raises `meter-silent` until it reports; one whose last whole day
 * on its site's clock was read whole without its total moving raises `meter-stuck` until a
 * whole day shows use again. Only meters of energy (a kWh factor) are judged.
 */
async function deriveMeterAlarms(
  db: Kysely<IndexTables>,
  buildingId: string,
  now: Date,
  rules: AlarmRules,
  active: ReadonlySet<string>,
): Promise<void> {
  const meters = await db
    .selectFrom('energy_meter')
    .select(['measurement_id', 'device_id', 'unit', 'last_reading_at'])
    .where('building_id', '=', buildingId)
    .where('kwh_per_unit', 'is not', null)
    .execute();
  if (meters.length === 0) return;
  const { rows: lastDays } = await sql<{
    measurement_id: string;
    day: string;
    used_kwh: number;
  }>`select distinct on (measurement_id) measurement_id, day, used_kwh
    from energy_day where building_id = ${buildingId} and complete
    order by measurement_id, day desc`.execute(db);
  const lastDayOf = new Map(lastDays.map((row) => [row.measurement_id, row]));
  const meterAlarm = (
    meter: (typeof meters)[number],
    kind: 'meter-silent' | 'meter-stuck',
    key: string,
    value: number | null,
  ): AlarmCandidate => ({
    key,
    kind,
    severity: severityRank.major,
    buildingId,
    levelKey: null,
    levelName: null,
    roomId: null,
    roomName: null,
    measure: 'energy',
    direction: null,
    measurementId: meter.measurement_id,
    sensorName: `Energy meter ${meter.device_id}`,
    value,
    unit: kind === 'meter-stuck' ? 'kWh' : meter.unit,
    bandLow: null,
    bandHigh: null,
    readingAt: meter.last_reading_at ? new Date(meter.last_reading_at) : null,
  });
  // As a sensor's silence: one alarm until the meter reports again, also once cleared by hand.
  const toldSince = new Map(
    (
      await db
        .selectFrom('alarm')
        .select(['key', (eb) => eb.fn.max('raised_at').as('raised_at')])
        .where('building_id', '=', buildingId)
        .where('kind', '=', 'meter-silent')
        .groupBy('key')
        .execute()
    ).map((row) => [row.key, new Date(row.raised_at as Date | string).getTime()]),
  );
  for (const meter of meters) {
    const silentKey = meterSilentKey(meter.measurement_id);
    const lastAt = meter.last_reading_at ? new Date(meter.last_reading_at).getTime() : null;
    const told = toldSince.get(silentKey);
    const silent = lastAt === null || now.getTime() - lastAt > longestQuietMs;
    if (silent && told !== undefined && told >= (lastAt ?? 0) && !active.has(silentKey)) {
      // Told already, and closed by hand since: not raised again until it reports.
    } else if (silent)
      await raiseAlarm(db, meterAlarm(meter, 'meter-silent', silentKey, null), now, rules);
    else if (active.has(silentKey)) await clearAlarm(db, silentKey, now, 'Reporting again');

    const stuckKey = meterStuckKey(meter.measurement_id);
    const lastDay = lastDayOf.get(meter.measurement_id);
    if (lastDay && lastDay.used_kwh === 0)
      await raiseAlarm(db, meterAlarm(meter, 'meter-stuck', stuckKey, 0), now, rules);
    else if (lastDay && active.has(stuckKey))
      await clearAlarm(db, stuckKey, now, `Used ${lastDay.used_kwh} kWh on ${lastDay.day}`);
  }
}
