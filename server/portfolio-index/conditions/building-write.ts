import { sql, type Kysely } from 'kysely';
import type { RoomBands } from '../../../src/shared/rules/space-bands.ts';
import {
  comfortVerdict,
  insideByDeadband,
  outOfBandShare,
  staleAfterMs,
  type ComfortHours,
} from '../../../src/shared/rules/comfort.ts';
import { nextStreaks, type AlarmRules } from '../alarms/rules.ts';
import type { OutRun } from '../alarms/look-back.ts';
import { kwhPerUnit } from '../../../src/shared/rules/meter-use.ts';
import type { IndexTables } from '../core/tables.ts';
import type { BuildingRead } from './building-read.ts';

/** What a conditions round keeps of one building: its readings judged, its devices and meters, in one transaction. */

/** How a building's readings are judged: its rooms, their bands, the hours, the alarm rules. */
export interface BuildingJudge {
  /** The building's rooms in the served index (roomPlaces). */
  rooms: RoomPlaces;
  /** A room's bands. */
  bandsOf: (roomId: string) => RoomBands;
  hours: ComfortHours;
  alarms: AlarmRules;
  timeZone: string | null;
  /** What history says of readings first seen out of band (by measurement id). */
  outRuns: ReadonlyMap<string, OutRun>;
}

type Transaction = Kysely<IndexTables>;
type Reading = BuildingRead['readings'][number];

/** What the last check kept of a reading: its verdict, since when it is out, its streaks. */
interface PreviousCheck {
  status: string;
  out_since: Date | null;
  out_since_known: boolean;
  out_checks: number;
  in_checks: number;
}

/**
 * Keeps one building's check whole or not at all: its readings judged (with their streaks and
 * since when they are out of band), the devices its values came from, its meters, and when it
 * was checked.
 */
export async function writeBuilding(
  db: Kysely<IndexTables>,
  buildingId: string,
  read: BuildingRead,
  now: number,
  judge: BuildingJudge,
): Promise<void> {
  const checkedAt = new Date(now);
  await db.transaction().execute(async (trx) => {
    const before = await previousChecks(trx, read);
    const rows = read.readings.map((reading) =>
      readingRow(buildingId, reading, before.get(reading.measurementId), now, judge),
    );
    await keepDevices(trx, buildingId, read.devices, checkedAt);
    await keepReadings(trx, rows);
    await ageUnchangedReadings(trx, buildingId, checkedAt, now);
    await keepMeters(trx, buildingId, read.meters, judge.timeZone);
    await trx
      .insertInto('condition_building')
      .values({
        building_id: buildingId,
        checked_at: checkedAt,
        read_until: read.readUntil === null ? null : new Date(read.readUntil),
      })
      .onConflict((conflict) =>
        conflict.column('building_id').doUpdateSet((update) => ({
          checked_at: update.ref('excluded.checked_at'),
          read_until: update.ref('excluded.read_until'),
        })),
      )
      .execute();
  });
}

async function previousChecks(
  trx: Transaction,
  read: BuildingRead,
): Promise<Map<string, PreviousCheck>> {
  const ids = read.readings.map((reading) => reading.measurementId);
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('condition_reading')
    .select(['measurement_id', 'status', 'out_since', 'out_since_known', 'out_checks', 'in_checks'])
    .where('measurement_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.measurement_id, row]));
}

/** A reading's row: its verdict against its room's band, and how long and how often it is out. */
function readingRow(
  buildingId: string,
  reading: Reading,
  previous: PreviousCheck | undefined,
  now: number,
  judge: BuildingJudge,
) {
  const room = judge.rooms.get(reading.roomId);
  const verdict = comfortVerdict(
    { type: reading.pointType, value: reading.value, time: reading.time, now },
    judge.bandsOf(reading.roomId),
    { hours: judge.hours, timeZone: judge.timeZone },
  );
  const { status } = verdict;
  const band = 'band' in verdict ? verdict.band : undefined;
  const out = status === 'low' || status === 'high';
  const numeric = typeof reading.value === 'number' && Number.isFinite(reading.value);
  // First seen out of band: as many checks, and out since when, as its history shows.
  const run = previous ? undefined : judge.outRuns.get(reading.measurementId);
  const streaks = nextStreaks(
    previous && { outChecks: previous.out_checks, inChecks: previous.in_checks },
    {
      out,
      insideByDeadband:
        status === 'in-band' &&
        numeric &&
        insideByDeadband(reading.value as number, band!, judge.alarms.deadband),
    },
  );
  return {
    measurement_id: reading.measurementId,
    building_id: buildingId,
    room_id: reading.roomId,
    floor_id: reading.floorId,
    room_name: room?.name ?? null,
    level_key: room?.levelKey ?? reading.floorId,
    level_name: room?.levelName ?? null,
    kind: reading.kind,
    point_type: reading.pointType,
    name: reading.name,
    unit: reading.unit,
    value: numeric ? (reading.value as number) : null,
    reading_at: new Date(reading.time),
    status,
    out_share: out ? outOfBandShare(reading.value as number, band!) : 0,
    band_low: band?.low ?? null,
    band_high: band?.high ?? null,
    band_source: band?.source ?? null,
    ...outSince(out, reading, previous, run),
    checked_at: new Date(now),
    out_checks: run && out ? Math.max(streaks.outChecks, run.readings) : streaks.outChecks,
    in_checks: streaks.inChecks,
  };
}

/** Since when a reading is out of band, and whether that start is known or only "at least". */
function outSince(
  out: boolean,
  reading: Reading,
  previous: PreviousCheck | undefined,
  run: OutRun | undefined,
): { out_since: Date | null; out_since_known: boolean } {
  if (!out) return { out_since: null, out_since_known: false };
  const wasOut =
    previous && (previous.status === 'low' || previous.status === 'high') ? previous : undefined;
  // Out since it was first seen out, uninterrupted; seen out at its first reading, it has been
  // out at least since then.
  if (wasOut) return { out_since: wasOut.out_since, out_since_known: wasOut.out_since_known };
  return {
    out_since: new Date(run ? run.since : reading.time),
    // Known when it was seen in band before, or outside the comfort hours (then it has been out
    // since they began); seen out at its first reading (or after a silence), it has been out at
    // least since then.
    out_since_known:
      previous?.status === 'in-band' ||
      previous?.status === 'outside-hours' ||
      (run?.known ?? false),
  };
}

async function keepDevices(
  trx: Transaction,
  buildingId: string,
  devices: readonly string[],
  seenAt: Date,
) {
  for (let start = 0; start < devices.length; start += 1000)
    await trx
      .insertInto('known_device')
      .values(
        devices.slice(start, start + 1000).map((deviceId) => ({
          device_id: deviceId,
          building_id: buildingId,
          seen_at: seenAt,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('device_id').doUpdateSet((update) => ({
          building_id: update.ref('excluded.building_id'),
          seen_at: update.ref('excluded.seen_at'),
        })),
      )
      .execute();
}

/** The columns a new check of a reading replaces (all but the measurement's id). */
const readingColumns = [
  'building_id',
  'room_id',
  'floor_id',
  'room_name',
  'level_key',
  'level_name',
  'kind',
  'point_type',
  'name',
  'unit',
  'value',
  'reading_at',
  'status',
  'out_share',
  'out_since',
  'out_since_known',
  'checked_at',
  'out_checks',
  'in_checks',
] as const;

async function keepReadings(trx: Transaction, rows: ReadonlyArray<ReturnType<typeof readingRow>>) {
  for (let start = 0; start < rows.length; start += 1000)
    await trx
      .insertInto('condition_reading')
      .values(rows.slice(start, start + 1000))
      .onConflict((conflict) =>
        conflict
          .column('measurement_id')
          .doUpdateSet((update) =>
            Object.fromEntries(
              readingColumns.map((column) => [column, update.ref(`excluded.${column}`)]),
            ),
          ),
      )
      .execute();
}

/** The building's readings this check did not update: one more check each, or stale. */
async function ageUnchangedReadings(
  trx: Transaction,
  buildingId: string,
  checkedAt: Date,
  now: number,
) {
  // A check is a round: a reading not updated since keeps its verdict, and one more check of
  // it in a row (the on-delay and the clear count checks, not how often a sensor reports). The
  // readings this check wrote carry its time already: one statement and one new version of
  // each row that is not (each version is written, indexed and later cleared away).
  await trx
    .updateTable('condition_reading')
    .set({
      out_checks: sql<number>`case when status in ('low', 'high') then out_checks + 1 else 0 end`,
      in_checks: sql<number>`case when in_checks > 0 then in_checks + 1 else 0 end`,
      checked_at: checkedAt,
    })
    .where('building_id', '=', buildingId)
    .where('checked_at', '<', checkedAt)
    .execute();
  // Readings not updated for long are stale whatever they said: a sensor that stopped
  // reporting is not judged, and no longer counted as out of band.
  await trx
    .updateTable('condition_reading')
    .set({
      status: 'stale',
      out_share: 0,
      out_since: null,
      out_since_known: false,
      out_checks: 0,
      in_checks: 0,
    })
    .where('building_id', '=', buildingId)
    .where('reading_at', '<', new Date(now - staleAfterMs))
    .where('status', '<>', 'stale')
    .execute();
}

async function keepMeters(
  trx: Transaction,
  buildingId: string,
  meters: BuildingRead['meters'],
  timeZone: string | null,
) {
  if (meters.length === 0) return;
  await trx
    .insertInto('energy_meter')
    .values(
      meters.map((meter) => ({
        building_id: buildingId,
        measurement_id: meter.measurementId,
        device_id: meter.deviceId,
        unit: meter.unit,
        kwh_per_unit: kwhPerUnit(meter.unit) ?? null,
        timezone: timeZone,
        last_reading_at: new Date(meter.time),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['building_id', 'measurement_id']).doUpdateSet((update) => ({
        device_id: update.ref('excluded.device_id'),
        unit: update.ref('excluded.unit'),
        kwh_per_unit: update.ref('excluded.kwh_per_unit'),
        timezone: update.ref('excluded.timezone'),
        last_reading_at: update.ref('excluded.last_reading_at'),
      })),
    )
    .execute();
}

/** The building's rooms in the served index, by id: names, levels and types. */
export type RoomPlaces = Awaited<ReturnType<typeof roomPlaces>>;

/** The building's rooms in the served index, by id: their names and levels, for the list. */
export async function roomPlaces(db: Kysely<IndexTables>, runId: number, buildingId: string) {
  const rows = await db
    .selectFrom('indexed_room as room')
    .leftJoin('indexed_level as level', (join) =>
      join
        .onRef('level.run_id', '=', 'room.run_id')
        .onRef('level.building_id', '=', 'room.building_id')
        .onRef('level.position', '=', 'room.level_position'),
    )
    .select([
      'room.id',
      'room.name',
      'room.level_id',
      'room.level_position',
      'level.name as level_name',
      'room.space_type',
    ])
    .where('room.run_id', '=', runId)
    .where('room.building_id', '=', buildingId)
    .where('room.id', 'is not', null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id!,
      {
        name: row.name,
        levelKey: row.level_id ?? String(row.level_position),
        levelName: row.level_name,
        spaceType: row.space_type,
      },
    ]),
  );
}
