import { isPlatformId, optionalText } from './fields.ts';

/**
 * A building's levels and rooms as the platform's GraphQL gives them (the spec's
 * `buildings { id name levels { name rooms { name } } }`, with ids where the platform has them),
 * read leniently, once, for the dashboard's drill-down and the index's spec-only sync alike.
 */
export interface RoomOutline {
  /** Absent on a platform without room ids: rooms are then known by their position. */
  id?: string;
  name: string | null;
}
export interface LevelOutline {
  id?: string;
  name: string | null;
  /** Null when the platform gave no list (a field that failed beside an error). */
  rooms: RoomOutline[] | null;
}
export interface BuildingOutline {
  id: string;
  name: string | null;
  /** Null when the platform gave no list. */
  levels: LevelOutline[] | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const withId = (value: unknown): { id?: string } => (isPlatformId(value) ? { id: value } : {});

/** What a reader was told about the parts that could not be read. */
export type OutlineSkip = (kind: 'levels' | 'rooms') => void;

/**
 * One building of a GraphQL answer; undefined when it is not an object with a usable id. A level
 * or room that is not an object is left out (and told to `skip`); names that are not text are
 * unknown; an id that is not a usable id is absent.
 */
export function readBuildingOutline(
  node: unknown,
  skip: OutlineSkip = () => {},
): BuildingOutline | undefined {
  if (!isObject(node) || !isPlatformId(node.id)) return undefined;
  const levels = Array.isArray(node.levels)
    ? node.levels.flatMap((level): LevelOutline[] => {
        if (!isObject(level)) {
          skip('levels');
          return [];
        }
        const rooms = Array.isArray(level.rooms)
          ? level.rooms.flatMap((room): RoomOutline[] => {
              if (isObject(room))
                return [{ ...withId(room.id), name: optionalText.parse(room.name) }];
              skip('rooms');
              return [];
            })
          : null;
        return [{ ...withId(level.id), name: optionalText.parse(level.name), rooms }];
      })
    : null;
  return { id: node.id, name: optionalText.parse(node.name), levels };
}

/** The buildings of an answer's `data.buildings`, each read by `readBuildingOutline`. */
export function readBuildingOutlines(data: unknown, skip?: OutlineSkip): BuildingOutline[] {
  const buildings = isObject(data) && Array.isArray(data.buildings) ? data.buildings : [];
  return buildings.flatMap((node) => {
    const outline = readBuildingOutline(node, skip);
    return outline ? [outline] : [];
  });
}
