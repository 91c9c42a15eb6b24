import type { Kysely } from 'kysely';
import { currentValueRecord } from '../../../src/shared/platform/records.ts';
import type { RoomBands } from '../../../src/shared/rules/space-bands.ts';
import {
  bandKindOfType,
  comfortVerdict,
  type ComfortHours,
} from '../../../src/shared/rules/comfort.ts';
import { outRunFromHistory, type OutRun } from '../alarms/look-back.ts';
import type { HistorySettings } from '../../config.ts';
import { energyPointTypes } from '../../../src/shared/rules/meter-use.ts';
import { BudgetSpentError, type PlatformPages } from '../core/platform-pages.ts';
import type { IndexTables } from '../core/tables.ts';

/** What a conditions round reads of one building: its current values, and history's word on new ones out of band. */

/**
 * The most current values read for one building: a 20,000-room tower reports about 70,000; a
 * platform that lists more (or pages without end) ends that building's check, not the process.
 */
const maxBuildingValues = 200_000;

export interface BuildingRead {
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

export async function readBuilding(
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

/**
 * History's word on the building's readings first seen out of band (a fresh Storey, or a sensor
 * new to it), within the round's look-back allowance; a look-back that fails is left out (the
 * reading then counts as one check), never the building.
 */
export async function lookBack(
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
