import { useFloors } from '@/api/get-floors';
import { useSpaces } from '@/api/get-spaces';
import { floorOfLevel } from '../utils/floor-match';
import { joinRooms } from '../utils/room-details';
import type { LevelPlace } from './use-place';

/**
 * The level's rooms with their REST details: one call per floor (`/api/Floors/{id}/Spaces`),
 * cached. Where levels carry ids the floor id is the level's; otherwise it comes from the
 * building's floor list, matched by position.
 */
export function useLevelSpaces(place: LevelPlace) {
  const needsFloorList = place.level.id === undefined;
  const floors = useFloors(needsFloorList ? place.building.id : '', { enabled: needsFloorList });
  const floor = needsFloorList
    ? floorOfLevel(floors.data, place.level, place.levelIndex, place.outline.levels?.length ?? 0)
    : undefined;
  const floorId = place.level.id ?? floor?.id;
  const spaces = useSpaces(floorId);
  return {
    /** The platform's id for this floor, once known (its history is asked for by it). */
    floorId,
    /** The floor's rooms query (for "Updated hh:mm · Refresh"). */
    spaces,
    rooms: joinRooms(place.rooms, spaces.data),
    /** Details are still coming (the rooms themselves are known already). */
    loading: (needsFloorList && floors.isPending) || (floorId !== undefined && spaces.isPending),
    error: spaces.error ?? (needsFloorList ? floors.error : null) ?? undefined,
    /** No floor on the platform's list matches this level: details cannot be looked up. */
    unmatched: needsFloorList && floors.isSuccess && floor === undefined,
    retry: () => void (floorId ? spaces.refetch() : floors.refetch()),
  };
}
