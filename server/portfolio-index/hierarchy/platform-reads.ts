import { z } from 'zod';
import {
  floorRecord,
  levelNode,
  readRecord,
  roomNode,
  type FloorRecord,
  type RecordKind,
  type SkipCounts,
  type SkipReason,
} from '../../../src/shared/platform/records.ts';
import { readBuildingOutlines, type LevelOutline } from '../../../src/shared/platform/outline.ts';
import type { PlatformPages } from '../core/platform-pages.ts';
import type { Building, Level, Room } from './run-rows.ts';

/** A sync's reads of levels and rooms: in bulk where the platform can, else building by building. */

const bulkLevelsQuery = (areas: boolean) =>
  `query StoreyIndexLevels($take: Int!, $skip: Int!) { levels(take: $take, skip: $skip) { id name buildingId${areas ? ' area' : ''} } }`;
const bulkRoomsQuery = (areas: boolean) =>
  `query StoreyIndexRooms($take: Int!, $skip: Int!) { rooms(take: $take, skip: $skip) { id name buildingId levelId${areas ? ' area' : ''} } }`;
/**
 * Where the platform has root `levels` and `rooms` with ids: a few hundred pages in all. Levels
 * are kept (rooms need their positions and names); rooms are written page by page as they come.
 * Each node is read on its own: one without a usable id is skipped and counted, an id given twice
 * is kept once (the first: its rows may be written already).
 */
export async function readInBulk(
  pages: PlatformPages,
  areas: boolean,
  progress: (values: Record<string, unknown>) => Promise<unknown>,
  write: (rows: { levels?: Level[]; rooms?: Room[] }) => Promise<void>,
  skip: (kind: RecordKind, counts: SkipCounts) => void,
): Promise<{ levels: number; rooms: number }> {
  const levels: Level[] = [];
  const positions = new Map<string, number>();
  const perBuilding = new Map<string, number>();
  const levelSkips: SkipCounts = {};
  await pages.graphqlList(
    bulkLevelsQuery(areas),
    (data) => (data as { levels?: unknown[] } | null)?.levels ?? [],
    'the levels',
    async (found, count) => {
      for (const node of found) {
        const level = readRecord(node, levelNode);
        if (typeof level === 'string' || positions.has(level.id)) {
          countSkip(levelSkips, typeof level === 'string' ? level : 'duplicate-id');
          continue;
        }
        const position = perBuilding.get(level.buildingId) ?? 0;
        perBuilding.set(level.buildingId, position + 1);
        positions.set(level.id, position);
        levels.push({
          id: level.id,
          buildingId: level.buildingId,
          position,
          name: level.name,
          area: level.area,
        });
      }
      await progress({ levels: count });
    },
  );
  skip('levels', levelSkips);
  await write({ levels });
  await progress({ phase: 'reading-rooms', levels: levels.length });
  const roomSkips: SkipCounts = {};
  const seenRooms = new Set<string>();
  let rooms = 0;
  await pages.graphqlList(
    bulkRoomsQuery(areas),
    (data) => (data as { rooms?: unknown[] } | null)?.rooms ?? [],
    'the rooms',
    async (found, count) => {
      const kept: Room[] = [];
      for (const node of found) {
        const room = readRecord(node, roomNode);
        if (typeof room === 'string' || seenRooms.has(room.id)) {
          countSkip(roomSkips, typeof room === 'string' ? room : 'duplicate-id');
          continue;
        }
        seenRooms.add(room.id);
        kept.push({
          id: room.id,
          buildingId: room.buildingId,
          levelId: room.levelId,
          levelPosition: room.levelId ? (positions.get(room.levelId) ?? -1) : -1,
          name: room.name,
          area: room.area,
        });
      }
      rooms += kept.length;
      await write({ rooms: kept });
      await progress({ rooms: count });
    },
  );
  skip('rooms', roomSkips);
  return { levels: levels.length, rooms };
}

const countSkip = (counts: SkipCounts, reason: SkipReason) =>
  (counts[reason] = (counts[reason] ?? 0) + 1);

/** The interface specification's query: buildings by name, their levels and rooms by name. */
const specBuildingQuery = `query StoreyIndexBuilding($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }`;

type ListedFloors = Map<string, { count: number; area: number | null }>;
type Progress = (values: Record<string, unknown>) => Promise<unknown>;
type Skip = (kind: RecordKind, counts: SkipCounts) => void;

/** The buildings by name (the spec's query finds them only so); the nameless ones are said. */
function buildingsByName(buildings: Building[], unread: string[]): Map<string, Building[]> {
  const byName = new Map<string, Building[]>();
  let nameless = 0;
  for (const building of buildings) {
    if (!building.name) nameless++;
    else byName.set(building.name, [...(byName.get(building.name) ?? []), building]);
  }
  if (nameless > 0)
    unread.push(
      `${nameless} ${nameless === 1 ? 'building has' : 'buildings have'} no name, so ${nameless === 1 ? 'its' : 'their'} rooms could not be read (this platform finds buildings only by name).`,
    );
  return byName;
}

/** Each building's floors from REST: their records, and their count and summed area. */
async function readListedFloors(
  pages: PlatformPages,
  buildings: Building[],
  progress: Progress,
  skip: Skip,
) {
  const floorsOf = new Map<string, FloorRecord[]>();
  const listedFloors: ListedFloors = new Map();
  let done = 0;
  let floors = 0;
  await pages.each(buildings, async (building) => {
    const found = await pages.restList(
      `/api/Buildings/${encodeURIComponent(building.id)}/Floors`,
      floorRecord,
      `the floors of ${building.name ?? building.id}`,
    );
    skip('floors', found.skipped);
    const records = found.records;
    floorsOf.set(building.id, records);
    listedFloors.set(building.id, {
      count: records.length,
      // Summed only when every floor gives one: an unknown area is not 0.
      area: records.every((floor) => floor.area !== null)
        ? records.reduce((sum, floor) => sum + floor.area!, 0)
        : null,
    });
    floors += records.length;
    if (++done % 100 === 0) await progress({ levels: floors });
  });
  return { floorsOf, listedFloors };
}

/**
 * A building's levels and rooms by name, as the spec's query gives them. GraphQL levels have no
 * id here: the REST floor of the same name gives it, when only one floor has that name.
 */
function addOutlineLevels(
  buildingId: string,
  outlineLevels: readonly LevelOutline[],
  floors: readonly FloorRecord[],
  into: { levels: Level[]; rooms: Room[] },
): void {
  outlineLevels.forEach((level, position) => {
    const named = floors.filter((floor) => floor.name === level.name);
    const floor = named.length === 1 ? named[0] : undefined;
    into.levels.push({
      id: floor?.id ?? null,
      buildingId,
      position,
      name: level.name,
      area: floor?.area ?? null,
    });
    for (const room of level.rooms ?? [])
      into.rooms.push({
        id: null,
        buildingId,
        levelId: floor?.id ?? null,
        levelPosition: position,
        name: room.name,
        area: null,
      });
  });
}

/**
 * Where the platform shows only what the spec does: per building its floors (REST, with ids and
 * areas) and, per building name, the spec's GraphQL query (levels and rooms by name). At most two
 * requests a building; a building without a name cannot be asked for and is said so.
 */
export async function readPerBuilding(
  pages: PlatformPages,
  buildings: Building[],
  unread: string[],
  progress: Progress,
  skip: Skip,
): Promise<{
  levels: Level[];
  rooms: Room[];
  levelsRead: Set<string>;
  listedFloors: ListedFloors;
}> {
  const found = { levels: [] as Level[], rooms: [] as Room[] };
  const levelsRead = new Set<string>();
  const byName = buildingsByName(buildings, unread);
  const { floorsOf, listedFloors } = await readListedFloors(pages, buildings, progress, skip);
  await progress({ phase: 'reading-rooms' });
  let names = 0;
  let inPart = 0;
  const nodeSkips: Partial<Record<RecordKind, SkipCounts>> = {};
  const skipNode = (kind: RecordKind) => countSkip((nodeSkips[kind] ??= {}), 'not-a-record');
  await pages.each([...byName.keys()], async (name) => {
    if (++names % 100 === 0) await progress({ rooms: found.rooms.length });
    const { data: answer, partial } = await pages.graphqlInPart(
      specBuildingQuery,
      { name },
      z.unknown(),
      `the levels and rooms of ${name}`,
    );
    for (const outline of readBuildingOutlines(answer, skipNode)) {
      // Not a building of the listing this run read.
      if (!floorsOf.has(outline.id)) continue;
      // Platform trouble is never a data finding: a building whose levels or rooms failed to
      // come (null beside an error, or not a list) is kept with what came, and left unchecked.
      const whole =
        outline.levels !== null &&
        (!partial || outline.levels.every((level) => level.rooms !== null));
      if (whole) levelsRead.add(outline.id);
      else inPart++;
      addOutlineLevels(outline.id, outline.levels ?? [], floorsOf.get(outline.id) ?? [], found);
    }
  });
  for (const [kind, counts] of Object.entries(nodeSkips) as Array<[RecordKind, SkipCounts]>)
    skip(kind, counts);
  if (inPart > 0)
    unread.push(
      `${inPart} ${inPart === 1 ? "building's" : "buildings'"} levels or rooms came back only in part (the platform reported errors), so ${inPart === 1 ? 'its' : 'their'} floors and rooms are not checked until a sync reads them whole.`,
    );
  return { ...found, levelsRead, listedFloors };
}
