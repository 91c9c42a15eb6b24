import { comfortVerdict, type ComfortVerdict } from './comfort';
import { measurementKind } from './measurement-kinds';

/** A current value as the conditions need it (see api/get-current-values). */
export interface ConditionReading {
  id: string;
  pointType: string | null;
  unit?: string | null | undefined;
  value: number | boolean | string | null;
  time: number;
  measuredId?: string | null | undefined;
}

export interface RoomCondition {
  /** The reading of the chosen kind (the first sensor's when a room has two). */
  reading: ConditionReading | undefined;
  verdict: ComfortVerdict | undefined;
  /** Any banded reading of the room out of its band now. */
  outOfBand: boolean;
}

const isOut = (verdict: ComfortVerdict) => verdict.status === 'low' || verdict.status === 'high';

/**
 * Each room's condition for one kind of measurement (by its label, "CO₂"), and whether any of its
 * banded readings is out of band: the floor's column and its count read this, nothing else.
 */
export function roomConditions(
  readings: readonly ConditionReading[],
  roomIds: readonly string[],
  kindLabel: string,
  now: number,
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
      const verdicts = own.map((reading) =>
        comfortVerdict({ type: reading.pointType, value: reading.value, time: reading.time, now }),
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
  const banded = ['Air temperature', 'CO₂', 'Relative humidity'];
  return [...labels].sort(
    (a, b) =>
      (banded.includes(a) ? banded.indexOf(a) : 99) -
        (banded.includes(b) ? banded.indexOf(b) : 99) || a.localeCompare(b),
  );
}
