import type { Building } from '@/api/platform-schemas';
import { paths } from '@/config/paths';
import { displayName, groupKey } from '@/lib/format';
import {
  useBuildingOutline,
  type BuildingOutline,
  type LevelOutline,
} from '@/api/get-building-outline';
import { labelRooms, levelKey, type RoomLabel } from '../utils/room-labels';
import type { Crumb } from '@/components/page-breadcrumbs';
import { portfolioReturnPath } from '@/stores/portfolio-return';
import { useBuildingRecord } from './use-building-record';

/** What a building, level or room route resolves to: one of four states, never a half-built page. */
/** What a route shows: its loading and error states name it, never another place. */
export type PlaceKind = 'building' | 'floor' | 'room';

export type RouteState<T> =
  | { status: 'loading'; label: string; place: PlaceKind }
  | { status: 'error'; what: string; error: Error; retry: () => void; place: PlaceKind }
  | {
      status: 'not-found';
      title: string;
      message: string;
      back: { label: string; to: string };
      /** A building that is not in the person's listing: unknown, or not shared with them. */
      notShared?: true;
    }
  /** An old link by position, resolved: the page moves to the link by id (history replaced). */
  | { status: 'redirect'; to: string }
  | { status: 'found'; value: T };

export interface BuildingPlace {
  building: Building;
  name: string;
  siteLabel: string;
  /** The site's IANA time zone, when the platform says it. */
  siteTimeZone: string | undefined;
  /** Breadcrumbs up to and including the building (linked). */
  crumbs: Crumb[];
}

export interface LevelPlace extends BuildingPlace {
  outline: BuildingOutline;
  /** Messages of a partial GraphQL answer: the data is shown with a warning. */
  partialErrors: string[];
  level: LevelOutline;
  levelIndex: number;
  /** The level's id, or its position on a platform without level ids. */
  levelKey: string;
  levelName: string;
  rooms: RoomLabel[];
}

export interface RoomPlace extends LevelPlace {
  room: RoomLabel;
}

const parseIndex = (raw: string | undefined): number | undefined =>
  raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;

/**
 * Finds an item by the key in the URL: its id, or (links made before ids, or a platform without
 * them) its position. `moved` tells that a position was used where an id exists.
 */
function findByKey<T extends { id?: string }>(
  items: readonly T[],
  key: string | undefined,
): { item: T; index: number; moved: boolean } | undefined {
  if (key === undefined) return undefined;
  const byId = items.findIndex((item) => item.id !== undefined && item.id === key);
  if (byId >= 0) return { item: items[byId]!, index: byId, moved: false };
  const position = parseIndex(key);
  const item = position === undefined ? undefined : items[position];
  if (position === undefined || !item) return undefined;
  return { item, index: position, moved: item.id !== undefined };
}

/** The building with this id, from the cached portfolio listing. */
export function useBuildingPlace(
  buildingId: string,
  place: PlaceKind = 'building',
): RouteState<BuildingPlace> {
  const { listing, building, siteLabel, siteTimeZone } = useBuildingRecord(buildingId);
  if (listing.isPending) return { status: 'loading', label: `Loading the ${place}`, place };
  if (listing.isError)
    return {
      status: 'error',
      place,
      what: `the ${place}`,
      error: listing.error,
      retry: () => void listing.refetch(),
    };
  if (!building)
    return {
      status: 'not-found',
      title: 'Not found, or not shared with you',
      message: `No building with id “${buildingId}” is in your part of the portfolio.`,
      back: { label: 'Back to the portfolio', to: paths.portfolio() },
      notShared: true,
    };
  const name = displayName(building.name);
  return {
    status: 'found',
    value: {
      building,
      name,
      siteLabel,
      siteTimeZone,
      crumbs: [
        { label: 'Portfolio', to: portfolioReturnPath() },
        { label: siteLabel, to: paths.portfolio({ site: groupKey(building.siteId) }) },
        { label: name, to: paths.building(building.id) },
      ],
    },
  };
}

/** Where a place is in the URL: the building's id, and the level's and room's keys (id or position). */
export interface PlaceKeys {
  buildingId: string;
  level?: string | undefined;
  room?: string | undefined;
}

/**
 * The level `keys.level` of a building, from the cached listing and the cached GraphQL drill-down
 * the building page already fetched: moving here sends no new request.
 */
export function useLevelPlace(keys: PlaceKeys, place: PlaceKind = 'floor'): RouteState<LevelPlace> {
  const building = useBuildingPlace(keys.buildingId, place);
  const found = building.status === 'found' ? building.value : undefined;
  // By id, the drill-down starts at once, before the listing has said the building's name.
  const outline = useBuildingOutline({ id: keys.buildingId, name: found?.building.name });
  if (!found) return building as RouteState<never>;
  if (outline.fetching && !outline.outline)
    return { status: 'loading', label: 'Loading levels and rooms', place };
  if (outline.error)
    return {
      status: 'error',
      place,
      what: 'the levels and rooms',
      error: outline.error,
      retry: outline.retry,
    };
  const backToBuilding = { label: 'Back to the building', to: paths.building(found.building.id) };
  if (!outline.outline)
    return {
      status: 'not-found',
      title: 'Levels not found',
      message:
        "The platform's answer has no building with this id, so its levels and rooms cannot be shown.",
      back: backToBuilding,
    };
  const match = findByKey(outline.outline.levels ?? [], keys.level);
  if (!match)
    return {
      status: 'not-found',
      title: 'Floor not found',
      message: `${found.name} has no floor “${keys.level ?? ''}”.`,
      back: backToBuilding,
    };
  const { item: level, index: levelIndex } = match;
  const key = levelKey(level, levelIndex);
  if (match.moved) {
    // An old link by position: keep the room part, resolved the same way, and move to ids.
    const room = findByKey(level.rooms ?? [], keys.room);
    const to =
      keys.room === undefined
        ? paths.level(found.building.id, key)
        : room
          ? paths.room(found.building.id, key, room.item.id ?? String(room.index))
          : undefined;
    if (to) return { status: 'redirect', to };
  }
  const levelName = displayName(level.name);
  return {
    status: 'found',
    value: {
      ...found,
      outline: outline.outline,
      partialErrors: outline.partialErrors,
      level,
      levelIndex,
      levelKey: key,
      levelName,
      rooms: labelRooms(level.rooms ?? []),
      crumbs: [...found.crumbs, { label: levelName, to: paths.level(found.building.id, key) }],
    },
  };
}

/** The room `keys.room` of a level, from the same cached data as its level. */
export function useRoomPlace(keys: PlaceKeys): RouteState<RoomPlace> {
  const level = useLevelPlace(keys, 'room');
  if (level.status !== 'found') return level;
  const place = level.value;
  const match = findByKey(
    place.rooms.map((room) => ({ ...room, id: place.level.rooms?.[room.index]?.id })),
    keys.room,
  );
  const room = match ? place.rooms[match.index] : undefined;
  if (match?.moved && room)
    return { status: 'redirect', to: paths.room(place.building.id, place.levelKey, room.key) };
  if (!room)
    return {
      status: 'not-found',
      title: 'Room not found',
      message: `${place.levelName} has no room “${keys.room ?? ''}”.`,
      back: {
        label: 'Back to the level',
        to: paths.level(place.building.id, place.levelKey),
      },
    };
  const label = room.occurrence ? `${room.name} (${room.occurrence})` : room.name;
  return {
    status: 'found',
    value: {
      ...place,
      room,
      crumbs: [
        ...place.crumbs,
        { label, to: paths.room(place.building.id, place.levelKey, room.key) },
      ],
    },
  };
}
