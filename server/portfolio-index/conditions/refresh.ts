import { sql, type Kysely } from 'kysely';
import { currentValueRecord } from '../../../src/shared/platform/records.ts';
import type { Clock } from '../../clock.ts';
import {
  roomBands,
  type ComfortRules,
  type RoomBands,
} from '../../../src/shared/rules/space-bands.ts';
import type { ComfortHours } from '../../../src/shared/rules/comfort.ts';
import {
  bandKindOfType,
  comfortVerdict,
  insideByDeadband,
  outOfBandShare,
  staleAfterMs,
} from '../../../src/shared/rules/comfort.ts';
import { deriveAlarms } from '../alarms/derive.ts';
import { nextStreaks, type AlarmRules } from '../alarms/rules.ts';
import { outRunFromHistory, type OutRun } from '../alarms/look-back.ts';
import type { HistorySettings } from '../../config.ts';
import { energyPointTypes, kwhPerUnit } from '../../../src/shared/rules/meter-use.ts';
import { roundStopReason } from '../core/rounds.ts';
import { eachUntilFailure } from '../core/until-first-failure.ts';
import { BudgetSpentError, SyncReadError, type PlatformPages } from '../core/platform-pages.ts';
import type { ReadsFirst } from '../core/reads-first.ts';
import type { IndexTables } from '../core/tables.ts';

/**
 * The most current values read for one building: a 20,000-room tower reports about 70,000; a
 * platform that lists more (or pages without end) ends that building's check, not the process.
 */
export const maxBuildingValues = 200_000;

/** Buildings whose alarms are derived together (see refreshConditions). */
export const alarmBuildingsAtOnce = 200;

export interface ConditionsRound {
  buildingsChecked: number;
  /** Buildings with devices left for the next round when the budget ran out. */
  buildingsLeft: number;
  platformRequests: number;
  /**
   * Milliseconds spent bringing alarms in line with the readings (deriveAlarms, once for each
   * `alarmBuildingsAtOnce` buildings written), summed over the round: the alarm round's
   * database time.
   */
  alarmsMs: number;
  /** Why the round stopped early, in plain words; absent when it checked all it meant to. */
  error?: string | undefined;
}

/**
 * One round of the conditions refresh: reads the current values of the served index's buildings
 * with devices, those checked longest ago first, each asking only for readings after the newest it
 * has seen (`updatedAfter`), until every such building is checked or `pages` has spent its
 * request budget. Each room's temperature, CO₂ and humidity reading is judged against its band
 * (comfort-verdict.ts) and kept with how long it has been out of band: what "Needs attention"
 * lists. A building is written whole or not at all.
 */
export async function refreshConditions(options: {
  db: Kysely<IndexTables>;
  pages: PlatformPages;
  /** The bands each room is judged by (its type's, at its site: space-bands.ts). */
  comfort: ComfortRules;
  /** When the bands apply, on each building's site clock. */
  hours: ComfortHours;
  /** When readings become alarms and when alarms clear. */
  alarms: AlarmRules;
  /**
   * How the platform's history is read, where it offers it: a reading first seen out of band is
   * looked up there (alarms/look-back.ts), at most `maxLookBacks` times a round.
   */
  history?: { settings: HistorySettings; maxLookBacks: number; budget: number } | undefined;
  /** On the embedded database: each write waits for the reads in flight (reads-first.ts). */
  readsFirst?: ReadsFirst | undefined;
  clock: Clock;
  instance: string;
  /** Buildings read at once. */
  concurrency: number;
  signal?: AbortSignal;
}): Promise<ConditionsRound> {
  const { db, pages, comfort, hours, clock, alarms } = options;
  const startedAt = new Date(clock.now());
  const { id: roundId } = await db
    .insertInto('condition_round')
    .values({ instance: options.instance, started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const served = await db.selectFrom('index_current').select('run_id').executeTakeFirst();
  const buildings = served
    ? await db
        .selectFrom('indexed_building as building')
        .leftJoin('condition_building as checked', 'checked.building_id', 'building.id')
        .leftJoin('indexed_site as site', (join) =>
          join
            .onRef('site.run_id', '=', 'building.run_id')
            .onRef('site.id', '=', 'building.site_id'),
        )
        .select([
          'building.id',
          'building.name',
          'building.site_id',
          'checked.read_until',
          'site.timezone',
        ])
        .where('building.run_id', '=', served.run_id)
        // A building the platform counts no devices in has no readings to ask for; one whose
        // counts it did not include (or gave unreadably) may have some.
        .where(
          sql<boolean>`not coalesce(building.counts_included and building.device_count = 0, false)`,
        )
        .orderBy(sql`checked.checked_at asc nulls first`)
        .orderBy('building.id')
        .execute()
    : [];

  const lookBacks = { used: 0, begun: 0 };
  // Alarms follow the readings a few hundred buildings at a time, in a handful of statements
  // each: one derivation per building cost a round over 10,000 buildings minutes of database
  // time (the bench: 218 s), the statements a building's alarms take being the same for 200.
  const alarmsTime = { ms: 0 };
  const written: string[] = [];
  let deriving = Promise.resolve();
  const deriveWritten = (all: boolean) => {
    if (written.length === 0 || (!all && written.length < alarmBuildingsAtOnce)) return deriving;
    const ids = written.splice(0);
    deriving = deriving.then(async () => {
      await options.readsFirst?.idle();
      const started = performance.now();
      await deriveAlarms(db, ids, new Date(clock.now()), { rules: alarms });
      alarmsTime.ms += performance.now() - started;
    });
    return deriving;
  };
  // A building begun is finished (or fails) before the round ends, so nothing is written after it.
  const { done: checked, failure } = await eachUntilFailure(
    buildings,
    { concurrency: options.concurrency, signal: options.signal },
    async (building) => {
      lookBacks.begun++;
      const read = await readBuilding(pages, building).catch((failure: unknown) => {
        // Removed from the platform since the index last read it: nothing to read there now.
        if (failure instanceof SyncReadError && failure.status === 404)
          return { readings: [], meters: [], readUntil: null, devices: [] };
        throw failure;
      });
      const rooms = await roomPlaces(db, served!.run_id, building.id);
      const bandsOf = (roomId: string) =>
        roomBands(comfort, { type: rooms.get(roomId)?.spaceType, siteId: building.site_id });
      const outRuns = options.history
        ? await lookBack(db, pages, building, read, {
            bandsOf,
            hours,
            history: options.history.settings,
            // Checking every building comes first: a look-back spends only what the round's
            // budget has beyond one request for each building not yet begun.
            left: () =>
              Math.min(
                options.history!.maxLookBacks - lookBacks.used,
                options.history!.budget - pages.requests() - (buildings.length - lookBacks.begun),
              ),
            use: () => lookBacks.used++,
          })
        : new Map<string, OutRun>();
      try {
        await options.readsFirst?.idle();
        await writeBuilding(db, building.id, read, clock.now(), {
          rooms,
          bandsOf,
          hours,
          alarms,
          timeZone: building.timezone,
          outRuns,
        });
      } catch (failure) {
        // A building whose readings cannot be kept goes to the back of the line: it must not
        // stop every round at the same place (security review M5).
        const at = new Date(clock.now());
        await db
          .insertInto('condition_building')
          .values({ building_id: building.id, checked_at: at, read_until: building.read_until })
          .onConflict((conflict) => conflict.column('building_id').doUpdateSet({ checked_at: at }))
          .execute()
          .catch(() => undefined);
        throw failure;
      }
      written.push(building.id);
      await deriveWritten(false);
    },
  );
  // The buildings written since the last derivation, however the round ended.
  let stopped = failure;
  try {
    await deriveWritten(true);
  } catch (error) {
    stopped ??= error;
  }
  const reason = roundStopReason(stopped, 'currentValues');
  if (reason === 'unexpected') {
    await finishRound(db, roundId, clock, {
      checked,
      requests: pages.requests(),
      error: 'The check stopped unexpectedly.',
    });
    throw stopped;
  }
  const { error } = reason;
  await finishRound(db, roundId, clock, { checked, requests: pages.requests(), error });
  // What was read of buildings no longer in the portfolio goes with them.
  if (served)
    await db
      .deleteFrom('condition_reading')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('indexed_building as building')
              .select(sql`1`.as('one'))
              .where('building.run_id', '=', served.run_id)
              .whereRef('building.id', '=', 'condition_reading.building_id'),
          ),
        ),
      )
      .execute();
  return {
    buildingsChecked: checked,
    buildingsLeft: buildings.length - checked,
    platformRequests: pages.requests(),
    alarmsMs: alarmsTime.ms,
    error,
  };
}

interface BuildingRead {
  readings: Array<{
    measurementId: string;
    roomId: string;
    floorId: string | null;
    kind: 'temperature' | 'co2' | 'humidity';
    pointType: string;
    name: string | null;
    unit: string | null;
    value: unknown;
    time: number;
    deviceId: string | null;
  }>;
  /**
   * The building's meters of the building as a whole, found in the same answer: what the energy
   * refresh reads the history of (energy.ts).
   */
  meters: Array<{
    measurementId: string;
    deviceId: string;
    unit: string | null;
    time: number;
  }>;
  /** The newest reading time among them (or the one the check started from). */
  readUntil: number | null;
  /** The devices its values came from: a scoped person's device links are checked by them. */
  devices: string[];
}

async function readBuilding(
  pages: PlatformPages,
  building: { id: string; name: string | null; read_until: Date | null },
): Promise<BuildingRead> {
  const since = building.read_until ? new Date(building.read_until).getTime() : null;
  const query = since === null ? '' : `?updatedAfter=${new Date(since).toISOString()}`;
  // Read value by value: one that cannot be read is left out, and a measurement listed twice
  // (paging over a list that changed) is judged once, as its latest listing has it.
  const { records } = await pages.restList(
    `/api/Buildings/${encodeURIComponent(building.id)}/MeasurementValues${query}`,
    currentValueRecord,
    `the current values of ${building.name ? `"${building.name}"` : `building ${building.id}`}`,
    maxBuildingValues,
  );
  let readUntil = since;
  const readings: BuildingRead['readings'] = [];
  const meters: BuildingRead['meters'] = [];
  const devices = new Set<string>();
  for (const value of records) {
    const time = Date.parse(value.timestamp);
    // A value the platform placed in another building does not place its device here.
    if (value.deviceId && (value.buildingId === null || value.buildingId === building.id))
      devices.add(value.deviceId);
    readUntil = Math.max(readUntil ?? time, time);
    const pointType = value.ontologyType ?? value.type ?? null;
    if (
      pointType &&
      energyPointTypes.has(pointType) &&
      value.measuredId === building.id &&
      value.deviceId
    )
      meters.push({
        measurementId: value.id,
        deviceId: value.deviceId,
        unit: value.unit ?? null,
        time,
      });
    const kind = pointType ? bandKindOfType[pointType] : undefined;
    // A room's own reading (a floor's or a building's meter measures no room): the same reading
    // the building's stacking plan counts.
    if (!kind || !pointType || !value.measuredId || value.measuredId !== value.spaceId) continue;
    readings.push({
      measurementId: value.id,
      roomId: value.measuredId,
      floorId: value.floorId ?? null,
      kind,
      pointType,
      name: value.name ?? null,
      unit: value.unit ?? null,
      value: value.value,
      time,
      deviceId: value.deviceId ?? null,
    });
  }
  return { readings, meters, readUntil, devices: [...devices] };
}

async function writeBuilding(
  db: Kysely<IndexTables>,
  buildingId: string,
  read: BuildingRead,
  now: number,
  judge: {
    /** The building's rooms in the served index (roomPlaces). */
    rooms: RoomPlaces;
    /** A room's bands. */
    bandsOf: (roomId: string) => RoomBands;
    hours: ComfortHours;
    alarms: AlarmRules;
    timeZone: string | null;
    /** What history says of readings first seen out of band (by measurement id). */
    outRuns: ReadonlyMap<string, OutRun>;
  },
): Promise<void> {
  const { rooms } = judge;
  const checkedAt = new Date(now);
  await db.transaction().execute(async (trx) => {
    const ids = read.readings.map((reading) => reading.measurementId);
    const before = new Map(
      ids.length === 0
        ? []
        : (
            await trx
              .selectFrom('condition_reading')
              .select([
                'measurement_id',
                'status',
                'out_since',
                'out_since_known',
                'out_checks',
                'in_checks',
              ])
              .where('measurement_id', 'in', ids)
              .execute()
          ).map((row) => [row.measurement_id, row]),
    );
    const rows = read.readings.map((reading) => {
      const room = rooms.get(reading.roomId);
      const verdict = comfortVerdict(
        { type: reading.pointType, value: reading.value, time: reading.time, now },
        judge.bandsOf(reading.roomId),
        { hours: judge.hours, timeZone: judge.timeZone },
      );
      const { status } = verdict;
      const band = 'band' in verdict ? verdict.band : undefined;
      const out = status === 'low' || status === 'high';
      const previous = before.get(reading.measurementId);
      const wasOut =
        previous && (previous.status === 'low' || previous.status === 'high')
          ? previous
          : undefined;
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
        value:
          typeof reading.value === 'number' && Number.isFinite(reading.value)
            ? reading.value
            : null,
        reading_at: new Date(reading.time),
        status,
        out_share: out ? outOfBandShare(reading.value as number, band!) : 0,
        band_low: band?.low ?? null,
        band_high: band?.high ?? null,
        band_source: band?.source ?? null,
        // Out since it was first seen out, uninterrupted; seen out at its first reading, it has
        // been out at least since then.
        out_since: out
          ? wasOut
            ? wasOut.out_since
            : new Date(run && out ? run.since : reading.time)
          : null,
        // Known when it was seen in band before, or outside the comfort hours (then it has been
        // out since they began); seen out at its first reading (or after a silence), it has been
        // out at least since then.
        out_since_known: out
          ? wasOut
            ? wasOut.out_since_known
            : previous?.status === 'in-band' ||
              previous?.status === 'outside-hours' ||
              (run?.known ?? false)
          : false,
        checked_at: checkedAt,
        out_checks: run && out ? Math.max(streaks.outChecks, run.readings) : streaks.outChecks,
        in_checks: streaks.inChecks,
      };
    });
    for (let start = 0; start < read.devices.length; start += 1000)
      await trx
        .insertInto('known_device')
        .values(
          read.devices.slice(start, start + 1000).map((deviceId) => ({
            device_id: deviceId,
            building_id: buildingId,
            seen_at: checkedAt,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('device_id').doUpdateSet((update) => ({
            building_id: update.ref('excluded.building_id'),
            seen_at: update.ref('excluded.seen_at'),
          })),
        )
        .execute();
    for (let start = 0; start < rows.length; start += 1000)
      await trx
        .insertInto('condition_reading')
        .values(rows.slice(start, start + 1000))
        .onConflict((conflict) =>
          conflict.column('measurement_id').doUpdateSet((update) => ({
            building_id: update.ref('excluded.building_id'),
            room_id: update.ref('excluded.room_id'),
            floor_id: update.ref('excluded.floor_id'),
            room_name: update.ref('excluded.room_name'),
            level_key: update.ref('excluded.level_key'),
            level_name: update.ref('excluded.level_name'),
            kind: update.ref('excluded.kind'),
            point_type: update.ref('excluded.point_type'),
            name: update.ref('excluded.name'),
            unit: update.ref('excluded.unit'),
            value: update.ref('excluded.value'),
            reading_at: update.ref('excluded.reading_at'),
            status: update.ref('excluded.status'),
            out_share: update.ref('excluded.out_share'),
            out_since: update.ref('excluded.out_since'),
            out_since_known: update.ref('excluded.out_since_known'),
            checked_at: update.ref('excluded.checked_at'),
            out_checks: update.ref('excluded.out_checks'),
            in_checks: update.ref('excluded.in_checks'),
          })),
        )
        .execute();
    // A check is a round: a reading not updated since keeps its verdict, and one more check of
    // it in a row (the on-delay and the clear count checks, not how often a sensor reports).
    await trx
      .updateTable('condition_reading')
      .set({
        out_checks: sql<number>`case when status in ('low', 'high') then out_checks + 1 else 0 end`,
        in_checks: sql<number>`case when in_checks > 0 then in_checks + 1 else 0 end`,
      })
      .where('building_id', '=', buildingId)
      .where('checked_at', '<', checkedAt)
      .execute();
    // Readings not updated since the last check keep their verdict unless they have gone stale:
    // a sensor that stopped reporting is not judged, and no longer counted as out of band.
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
      .execute();
    await trx
      .updateTable('condition_reading')
      .set({ checked_at: checkedAt })
      .where('building_id', '=', buildingId)
      .execute();
    if (read.meters.length > 0)
      await trx
        .insertInto('energy_meter')
        .values(
          read.meters.map((meter) => ({
            building_id: buildingId,
            measurement_id: meter.measurementId,
            device_id: meter.deviceId,
            unit: meter.unit,
            kwh_per_unit: kwhPerUnit(meter.unit) ?? null,
            timezone: judge.timeZone,
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

/**
 * History's word on the building's readings first seen out of band (a fresh Storey, or a sensor
 * new to it), within the round's look-back allowance; a look-back that fails is left out (the
 * reading then counts as one check), never the building.
 */
async function lookBack(
  db: Kysely<IndexTables>,
  pages: PlatformPages,
  building: { id: string; timezone: string | null },
  read: BuildingRead,
  judge: {
    bandsOf: (roomId: string) => RoomBands;
    hours: ComfortHours;
    history: HistorySettings;
    left: () => number;
    use: () => void;
  },
): Promise<Map<string, OutRun>> {
  const runs = new Map<string, OutRun>();
  const candidates = read.readings.filter(
    (reading) =>
      reading.deviceId !== null &&
      typeof reading.value === 'number' &&
      Number.isFinite(reading.value),
  );
  if (candidates.length === 0 || judge.left() <= 0) return runs;
  const known = new Set(
    (
      await db
        .selectFrom('condition_reading')
        .select('measurement_id')
        .where('building_id', '=', building.id)
        .execute()
    ).map((row) => row.measurement_id),
  );
  for (const reading of candidates) {
    if (known.has(reading.measurementId) || judge.left() <= 0) continue;
    const { status } = comfortVerdict(
      { type: reading.pointType, value: reading.value, time: reading.time, now: reading.time },
      judge.bandsOf(reading.roomId),
      { hours: judge.hours, timeZone: building.timezone },
    );
    if (status !== 'low' && status !== 'high') continue;
    judge.use();
    const run = await outRunFromHistory(
      pages,
      judge.history,
      {
        measurementId: reading.measurementId,
        deviceId: reading.deviceId!,
        pointType: reading.pointType,
        time: reading.time,
        value: reading.value as number,
      },
      { bands: judge.bandsOf(reading.roomId), hours: judge.hours, timeZone: building.timezone },
    ).catch((failure: unknown) => {
      // Out of budget or stopping: the round says so; any other failure costs only this look.
      if (failure instanceof BudgetSpentError || (failure as Error).name === 'AbortError')
        throw failure;
      return undefined;
    });
    if (run) runs.set(reading.measurementId, run);
  }
  return runs;
}

/** The building's rooms in the served index, by id: names, levels and types. */
type RoomPlaces = Awaited<ReturnType<typeof roomPlaces>>;

/** The building's rooms in the served index, by id: their names and levels, for the list. */
async function roomPlaces(db: Kysely<IndexTables>, runId: number, buildingId: string) {
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

async function finishRound(
  db: Kysely<IndexTables>,
  roundId: number,
  clock: Clock,
  outcome: { checked: number; requests: number; error: string | undefined },
) {
  await db
    .updateTable('condition_round')
    .set({
      finished_at: new Date(clock.now()),
      buildings_checked: outcome.checked,
      platform_requests: outcome.requests,
      error: outcome.error ?? null,
    })
    .where('id', '=', roundId)
    .execute();
  // The last hundred rounds say enough about what the refresh costs.
  await db
    .deleteFrom('condition_round')
    .where('id', '<=', roundId - 100)
    .execute();
}
