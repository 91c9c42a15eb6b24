import { displayName } from '@/lib/format';

export interface RoomLabel {
  index: number;
  /** What links to the room use: its id where the platform has one, its position otherwise. */
  key: string;
  name: string;
  /** "2 of 3" when the level has several rooms of this name, so they can be told apart. */
  occurrence: string | undefined;
}

export function labelRooms(
  rooms: ReadonlyArray<{ id?: string; name: string | null }>,
): RoomLabel[] {
  const totals = new Map<string, number>();
  for (const room of rooms)
    totals.set(displayName(room.name), (totals.get(displayName(room.name)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rooms.map((room, index) => {
    const name = displayName(room.name);
    const total = totals.get(name) ?? 1;
    const position = (seen.get(name) ?? 0) + 1;
    seen.set(name, position);
    return {
      index,
      key: room.id ?? String(index),
      name,
      occurrence: total > 1 ? `${position} of ${total}` : undefined,
    };
  });
}

/** What links to a level use: its id where the platform has one, its position otherwise. */
export const levelKey = (level: { id?: string }, index: number): string =>
  level.id ?? String(index);
