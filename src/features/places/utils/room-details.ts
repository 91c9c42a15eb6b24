import type { Space } from '@/api/platform-schemas';
import { displayName } from '@/lib/format';
import type { RoomLabel } from './room-labels';

/** A room of the drill-down with what the platform's REST listing knows about it. */
export interface RoomDetails extends RoomLabel {
  space: Space | undefined;
  type: string;
  area: number | undefined;
  status: string;
}

export const commissionedLabels: Record<number, string> = {
  0: 'Unspecified',
  1: 'Commissioned',
  2: 'Decommissioned',
};

/** Rooms joined to REST spaces by id where both have one, else by position when names agree. */
export function joinRooms(
  rooms: readonly RoomLabel[],
  spaces: readonly Space[] | undefined,
): RoomDetails[] {
  const byId = new Map((spaces ?? []).map((space) => [space.id, space]));
  const positional = spaces !== undefined && spaces.length === rooms.length;
  return rooms.map((room) => {
    const space =
      byId.get(room.key) ??
      (positional && displayName(spaces[room.index]?.name) === room.name
        ? spaces[room.index]
        : undefined);
    return {
      ...room,
      space,
      type: space?.ontologyType?.trim() ? humanizeKey(space.ontologyType.trim()) : 'Type not given',
      area: space?.area ?? undefined,
      status:
        space?.commissionedStatus === undefined || space.commissionedStatus === null
          ? '—'
          : (commissionedLabels[space.commissionedStatus] ?? '—'),
    };
  });
}

/** Area per room type, largest first: what the level's chart shows. */
export function areaByType(
  rooms: readonly RoomDetails[],
): Array<{ label: string; area: number; rooms: number }> {
  const types = new Map<string, { label: string; area: number; rooms: number }>();
  for (const room of rooms) {
    const entry = types.get(room.type) ?? { label: room.type, area: 0, rooms: 0 };
    entry.area += room.area ?? 0;
    entry.rooms += 1;
    types.set(room.type, entry);
  }
  return [...types.values()].sort((a, b) => b.area - a.area || a.label.localeCompare(b.label));
}

/** "yearBuilt" → "Year built": metadata keys as people read them. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
