import { displayName } from '@/lib/format';
import { nameDistinction, sameNames } from '@/shared/rules/same-names';

export interface RoomLabel {
  index: number;
  /** What links to the room use: its id where the platform has one, its position otherwise. */
  key: string;
  name: string;
  /** "2 of 3" when the level has several rooms of this name, so they can be told apart. */
  occurrence: string | undefined;
}

/**
 * Each room's name, and among rooms of one name on the level its place by id (the shared rule, so
 * search and this floor say "Meeting room (1 of 2)" of the same room); rooms without ids by their
 * place in the list.
 */
export function labelRooms(
  rooms: ReadonlyArray<{ id?: string; name: string | null }>,
): RoomLabel[] {
  // Rooms without ids sort by their place, padded so that the 10th comes after the 9th.
  const idOf = (room: (typeof rooms)[number], index: number) =>
    room.id ?? `#${String(index).padStart(9, '0')}`;
  const same = sameNames(
    rooms.map((room, index) => ({ id: idOf(room, index), name: displayName(room.name) })),
  );
  return rooms.map((room, index) => ({
    index,
    key: room.id ?? String(index),
    name: displayName(room.name),
    occurrence: nameDistinction(null, same.get(idOf(room, index))),
  }));
}

/** What links to a level use: its id where the platform has one, its position otherwise. */
export const levelKey = (level: { id?: string }, index: number): string =>
  level.id ?? String(index);
