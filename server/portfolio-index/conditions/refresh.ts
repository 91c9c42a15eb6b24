import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { roomBands, type ComfortRules } from '../../../src/shared/rules/space-bands.ts';
import type { ComfortHours } from '../../../src/shared/rules/comfort.ts';
import { deriveAlarms } from '../alarms/derive.ts';
import type { AlarmRules } from '../alarms/rules.ts';
import type { OutRun } from '../alarms/look-back.ts';
import type { HistorySettings } from '../../config.ts';
import { forgetRemovedBuildings, roundStopReason } from '../core/rounds.ts';
import { eachUntilFailure } from '../core/until-first-failure.ts';
import { SyncReadError, type PlatformPages } from '../core/platform-pages.ts';
import type { ReadsFirst } from '../core/reads-first.ts';
import type { IndexTables } from '../core/tables.ts';
import { lookBack, readBuilding } from './building-read.ts';
import { roomPlaces, writeBuilding } from './building-write.ts';

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
export async function refreshConditions(options: ConditionsRoundOptions): Promise<ConditionsRound> {
  const { db, pages, clock } = options;
  const { id: roundId } = await db
    .insertInto('condition_round')
    .values({ instance: options.instance, started_at: new Date(clock.now()) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { served, buildings } = await buildingsToCheck(db);
  const lookBacks = { used: 0, begun: 0, buildings: buildings.length };
  const alarms = alarmsInStep(options);
  // A building begun is finished (or fails) before the round ends, so nothing is written after it.
  const { done: checked, failure } = await eachUntilFailure(
    buildings,
    { concurrency: options.concurrency, signal: options.signal },
    async (building) => {
      await checkBuilding(options, served!.run_id, building, lookBacks);
      await alarms.written(building.id);
    },
  );
  // The buildings written since the last derivation, however the round ended.
  let stopped = failure;
  try {
    await alarms.flush();
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
  if (served) await forgetRemovedBuildings(db, served.run_id, ['condition_reading']);
  return {
    buildingsChecked: checked,
    buildingsLeft: buildings.length - checked,
    platformRequests: pages.requests(),
    alarmsMs: alarms.ms(),
    error,
  };
}

export interface ConditionsRoundOptions {
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
}

/** The served buildings that may have readings, those checked longest ago first. */
async function buildingsToCheck(db: Kysely<IndexTables>) {
  const served = await db.selectFrom('index_current').select('run_id').executeTakeFirst();
  if (!served) return { served, buildings: [] };
  const buildings = await db
    .selectFrom('indexed_building as building')
    .leftJoin('condition_building as checked', 'checked.building_id', 'building.id')
    .leftJoin('indexed_site as site', (join) =>
      join.onRef('site.run_id', '=', 'building.run_id').onRef('site.id', '=', 'building.site_id'),
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
    .execute();
  return { served, buildings };
}

type BuildingToCheck = Awaited<ReturnType<typeof buildingsToCheck>>['buildings'][number];

/**
 * Alarms follow the readings a few hundred buildings at a time, in a handful of statements
 * each: one derivation per building cost a round over 10,000 buildings minutes of database
 * time (the bench: 218 s), the statements a building's alarms take being the same for 200.
 */
function alarmsInStep(options: ConditionsRoundOptions) {
  const { db, clock } = options;
  let ms = 0;
  const waiting: string[] = [];
  let deriving = Promise.resolve();
  const derive = (all: boolean) => {
    if (waiting.length === 0 || (!all && waiting.length < alarmBuildingsAtOnce)) return deriving;
    const ids = waiting.splice(0);
    deriving = deriving.then(async () => {
      await options.readsFirst?.idle();
      const started = performance.now();
      await deriveAlarms(db, ids, new Date(clock.now()), { rules: options.alarms });
      ms += performance.now() - started;
    });
    return deriving;
  };
  return {
    /** A building's readings are written: its alarms follow with the next batch. */
    written: (buildingId: string) => {
      waiting.push(buildingId);
      return derive(false);
    },
    flush: () => derive(true),
    ms: () => ms,
  };
}

/** Reads one building's current values, looks back where a room left its band, and writes it. */
async function checkBuilding(
  options: ConditionsRoundOptions,
  runId: number,
  building: BuildingToCheck,
  lookBacks: { used: number; begun: number; buildings: number },
): Promise<void> {
  const { db, pages, comfort, hours, clock, alarms } = options;
  lookBacks.begun++;
  const read = await readBuilding(pages, building).catch((failure: unknown) => {
    // Removed from the platform since the index last read it: nothing to read there now.
    if (failure instanceof SyncReadError && failure.status === 404)
      return { readings: [], meters: [], readUntil: null, devices: [] };
    throw failure;
  });
  const rooms = await roomPlaces(db, runId, building.id);
  const bandsOf = (roomId: string) =>
    roomBands(comfort, { type: rooms.get(roomId)?.spaceType, siteId: building.site_id });
  const history = options.history;
  const outRuns = history
    ? await lookBack(db, pages, building, read, {
        bandsOf,
        hours,
        history: history.settings,
        // Checking every building comes first: a look-back spends only what the round's
        // budget has beyond one request for each building not yet begun.
        left: () =>
          Math.min(
            history.maxLookBacks - lookBacks.used,
            history.budget - pages.requests() - (lookBacks.buildings - lookBacks.begun),
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
