import type { VerdictStatus } from './comfort.ts';

/**
 * How a floor's rooms are now, as a stacking plan's "Now" column says it: from the verdicts of
 * each room's own readings, judged by the browser from the platform's current values (a building
 * of up to 20,000 values) or kept by the index's conditions round (the 200-floor tower). One rule
 * for both, so a floor reads alike whichever counted it.
 */
export interface FloorNow {
  /** Rooms of the floor with at least one reading that has a comfort band. */
  roomsWithBands: number;
  /** Of those, rooms with any banded reading out of band now (stale readings are not counted). */
  roomsOutOfBand: number;
  /** Of those, rooms whose readings were taken outside the comfort hours (not judged). */
  roomsOutsideHours: number;
}

const isOut = (status: VerdictStatus) => status === 'low' || status === 'high';
const isJudged = (status: VerdictStatus) => status === 'in-band' || isOut(status);

/** Banded readings, none judged, some taken outside the comfort hours. */
export const onlyOutsideHoursStatus = (statuses: readonly VerdictStatus[]) =>
  statuses.some((status) => status === 'outside-hours') && !statuses.some(isJudged);

/**
 * Each floor's `FloorNow` (by floor id), from each room's verdicts: a room counts where one of its
 * readings has a band (`banded`), is out where any reading is, and outside the hours where none
 * was judged and one was taken outside them.
 */
export function floorsNow(
  rooms: Iterable<{ floorId: string; banded: boolean; statuses: readonly VerdictStatus[] }>,
): Map<string, FloorNow> {
  const floors = new Map<string, FloorNow>();
  for (const room of rooms) {
    if (!room.banded) continue;
    const floor = floors.get(room.floorId) ?? {
      roomsWithBands: 0,
      roomsOutOfBand: 0,
      roomsOutsideHours: 0,
    };
    floor.roomsWithBands += 1;
    if (room.statuses.some(isOut)) floor.roomsOutOfBand += 1;
    if (onlyOutsideHoursStatus(room.statuses)) floor.roomsOutsideHours += 1;
    floors.set(room.floorId, floor);
  }
  return floors;
}
