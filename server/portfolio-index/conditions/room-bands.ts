import type { Kysely } from 'kysely';
import {
  roomBands,
  type ComfortRules,
  type RoomBands,
} from '../../../src/shared/rules/space-bands.ts';
import type { IndexTables } from '../core/tables.ts';

/** Rooms of one type and the bands they are judged by. */
export interface RoomBandGroup {
  type: string;
  bands: RoomBands;
  rooms: string[];
}

/**
 * The bands a building's rooms are judged by where they are not the office bands (store rooms,
 * server rooms, a site's own), grouped by the room's type: what the room, floor and building
 * pages judge current values with, the same rule as the index's rounds. `typesRead` false: the
 * platform did not say the rooms' types, and every room is judged by the office bands. Null when
 * the building is not in the served index (or not in the reader's part of it).
 */
export async function buildingRoomBands(
  db: Kysely<IndexTables>,
  runId: number,
  buildingId: string,
  comfort: ComfortRules,
): Promise<{ typesRead: boolean; groups: RoomBandGroup[] } | null> {
  const building = await db
    .selectFrom('indexed_building')
    .select(['site_id', 'space_types_read'])
    .where('run_id', '=', runId)
    .where('id', '=', buildingId)
    .executeTakeFirst();
  if (!building) return null;
  const rooms = await db
    .selectFrom('indexed_room')
    .select(['id', 'space_type'])
    .where('run_id', '=', runId)
    .where('building_id', '=', buildingId)
    .where('id', 'is not', null)
    .where('space_type', 'is not', null)
    .orderBy('id')
    .execute();
  // By type; null: judged by the office bands, as every room not listed is.
  const groups = new Map<string, RoomBandGroup | null>();
  for (const room of rooms) {
    const type = room.space_type!;
    if (!groups.has(type)) {
      const bands = roomBands(comfort, { type, siteId: building.site_id });
      groups.set(type, bands === comfort.bands ? null : { type, bands, rooms: [] });
    }
    groups.get(type)?.rooms.push(room.id!);
  }
  return {
    typesRead: building.space_types_read,
    groups: [...groups.values()].filter((group) => group !== null),
  };
}
