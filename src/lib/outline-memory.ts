/**
 * The floors and rooms of the buildings opened in this session, kept by the building drill-down,
 * so that search can still find rooms on a platform that offers no search of its own.
 */
export interface RememberedRoom {
  buildingId: string;
  levelKey: string;
  levelName: string;
  roomKey: string;
  roomName: string;
}

const remembered = new Map<string, RememberedRoom[]>();

export function rememberBuildingRooms(buildingId: string, rooms: RememberedRoom[]): void {
  remembered.set(buildingId, rooms);
}

export function rememberedRooms(): RememberedRoom[] {
  return [...remembered.values()].flat();
}

export const rememberedBuildingCount = (): number => remembered.size;

/** Forgets everything (a new session; tests). */
export function forgetRememberedRooms(): void {
  remembered.clear();
}
