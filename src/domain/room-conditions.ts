import {
  bandedKindLabels,
  comfortVerdict,
  type ComfortSchedule,
  type ComfortVerdict,
} from '@/shared/rules/comfort';
import { measurementKind } from '@/shared/rules/measurement-kinds';
import type { RoomBands } from '@/shared/rules/space-bands';
import { floorsNow, onlyOutsideHoursStatus, type FloorNow } from '@/shared/rules/floor-now';

/** A current value as the conditions need it (see api/get-current-values). */
export interface ConditionReading {
  id: string;
  pointType: string | null;
  unit?: string | null | undefined;
  value: number | boolean | string | null;
  time: number;
  measuredId?: string | null | undefined;
  /** The floor the measurement is on (the platform's `floorId`). */
  floorId?: string | null | undefined;
  /** The room the device is in (the platform's `spaceId`). */
  spaceId?: string | null | undefined;
}

export interface RoomCondition {
  /** The reading of the chosen kind (the first sensor's when a room has two). */
  reading: ConditionReading | undefined;
  verdict: ComfortVerdict | undefined;
  /** Any banded reading of the room out of its band now. */
  outOfBand: boolean;
  /** Its banded readings were taken outside the comfort hours, none within them. */
  outsideHours: boolean;
}

const isOut = (verdict: ComfortVerdict) => verdict.status === 'low' || verdict.status === 'high';

/** Banded readings, none judged, some taken outside the comfort hours. */
export const onlyOutsideHours = (verdicts: readonly ComfortVerdict[]) =>
  onlyOutsideHoursStatus(verdicts.map((verdict) => verdict.status));

/**
 * Each room's condition for one kind of measurement (by its label, "CO₂"), and whether any of its
 * banded readings is out of band: the floor's column and its count read this, nothing else.
 */
export function roomConditions(
  readings: readonly ConditionReading[],
  roomIds: readonly string[],
  kindLabel: string,
  now: number,
  /** A room's bands (its type's: shared/rules/space-bands). */
  bandsOf: (roomId: string) => RoomBands,
  schedule?: ComfortSchedule,
): Map<string, RoomCondition> {
  const byRoom = new Map<string, ConditionReading[]>();
  for (const reading of readings) {
    if (!reading.measuredId) continue;
    const list = byRoom.get(reading.measuredId) ?? [];
    list.push(reading);
    byRoom.set(reading.measuredId, list);
  }
  return new Map(
    roomIds.map((roomId) => {
      const own = byRoom.get(roomId) ?? [];
      const bands = bandsOf(roomId);
      const verdicts = own.map((reading) =>
        comfortVerdict(
          { type: reading.pointType, value: reading.value, time: reading.time, now },
          bands,
          schedule,
        ),
      );
      const index = own.findIndex(
        (reading) => measurementKind(reading.pointType).label === kindLabel,
      );
      return [
        roomId,
        {
          reading: own[index],
          verdict: index >= 0 ? verdicts[index] : undefined,
          outOfBand: verdicts.some(isOut),
          outsideHours: onlyOutsideHours(verdicts),
        },
      ];
    }),
  );
}

/** The kinds measured in any of the rooms, banded ones first, by their plain-words label. */
export function measuredKinds(
  readings: readonly ConditionReading[],
  roomIds: readonly string[],
): string[] {
  const rooms = new Set(roomIds);
  const labels = new Set<string>();
  for (const reading of readings)
    if (reading.measuredId && rooms.has(reading.measuredId))
      labels.add(measurementKind(reading.pointType).label);
  const banded = Object.values(bandedKindLabels);
  return [...labels].sort(
    (a, b) =>
      (banded.includes(a) ? banded.indexOf(a) : 99) -
        (banded.includes(b) ? banded.indexOf(b) : 99) || a.localeCompare(b),
  );
}

/** A floor's rooms now (the shared rule's figures). */
export type FloorOutOfBand = FloorNow;

/**
 * Per floor (by the platform's floor id), how many rooms report a banded reading and how many are
 * out of band now, from the platform's current values: a building's stacking plan reads this. A
 * reading counts for a room when it measures the room itself (a floor's or a building's meter
 * does not); the verdict is the one the room's and the floor's pages show (`comfortVerdict`), the
 * floors' figures the shared rule's (`floorsNow`, which the index's tower column uses too).
 */
export function floorsOutOfBand(
  readings: readonly ConditionReading[],
  now: number,
  /** A room's bands (its type's: shared/rules/space-bands). */
  bandsOf: (roomId: string) => RoomBands,
  schedule?: ComfortSchedule,
): Map<string, FloorOutOfBand> {
  const rooms = new Map<
    string,
    { floorId: string; banded: boolean; statuses: ComfortVerdict['status'][] }
  >();
  for (const reading of readings) {
    const roomId = reading.measuredId;
    if (!roomId || !reading.floorId || roomId !== reading.spaceId) continue;
    const verdict = comfortVerdict(
      { type: reading.pointType, value: reading.value, time: reading.time, now },
      bandsOf(roomId),
      schedule,
    );
    const room = rooms.get(roomId) ?? { floorId: reading.floorId, banded: false, statuses: [] };
    if ('band' in verdict && verdict.band) room.banded = true;
    room.statuses.push(verdict.status);
    rooms.set(roomId, room);
  }
  return floorsNow(rooms.values());
}
