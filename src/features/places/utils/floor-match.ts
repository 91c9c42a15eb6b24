import type { Floor } from '@/api/platform-schemas';
import type { LevelOutline } from '@/api/get-building-outline';

/**
 * REST floors and GraphQL levels are one thing. Where levels carry ids they equal the floors' ids;
 * on a spec-only platform they are matched by position, and only while both lists agree in length
 * and names (otherwise the match is not trusted and says so).
 */
export function floorOfLevel(
  floors: readonly Floor[] | undefined,
  level: LevelOutline,
  levelIndex: number,
  levelCount: number,
): Floor | undefined {
  if (!floors) return undefined;
  if (level.id !== undefined) return floors.find((floor) => floor.id === level.id);
  const candidate = floors[levelIndex];
  return floors.length === levelCount && candidate && candidate.name === level.name
    ? candidate
    : undefined;
}

export interface FloorCountCheck {
  /** The building record's floorCount, the REST floors listed, the GraphQL levels. */
  /** The record's own count; null when it gives none (then nothing can disagree with it). */
  recorded: number | null;
  listed: number | undefined;
  levels: number | undefined;
  agree: boolean;
}

export function checkFloorCounts(
  recorded: number | null,
  floors: readonly Floor[] | undefined,
  levels: readonly LevelOutline[] | null | undefined,
): FloorCountCheck {
  const listed = floors?.length;
  const levelCount = levels?.length;
  return {
    recorded,
    listed,
    levels: levelCount,
    agree:
      recorded === null ||
      ((listed === undefined || listed === recorded) &&
        (levelCount === undefined || levelCount === recorded)),
  };
}
