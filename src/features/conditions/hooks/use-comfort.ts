import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCapabilities } from '@/api/get-capabilities';
import { roomBandsQueryOptions, type RoomBandsAnswer } from '@/api/get-attention';
import type { ComfortBands, ComfortSchedule } from '@/shared/rules/comfort';
import { spaceUseOf, spaceUseWords, type RoomBands } from '@/shared/rules/space-bands';

/** How a building's rooms are judged: each room's bands, and its type where it has its own. */
export interface RoomJudging {
  bandsOf: (roomId: string | null | undefined) => RoomBands;
  /** "storage, plant and circulation (Storage)": why a room has bands of its own, if it has. */
  ownBandsWhy: (roomId: string | null | undefined) => string | undefined;
  /** False: the platform did not say the rooms' types, or the index could not be asked. */
  typesKnown: boolean;
}

export function roomJudging(
  office: ComfortBands,
  answer: RoomBandsAnswer | undefined,
): RoomJudging {
  const groups = new Map<string, RoomBandsAnswer['groups'][number]>();
  for (const group of answer?.groups ?? []) for (const room of group.rooms) groups.set(room, group);
  return {
    bandsOf: (roomId) => (roomId ? groups.get(roomId)?.bands : undefined) ?? office,
    ownBandsWhy: (roomId) => {
      const group = roomId ? groups.get(roomId) : undefined;
      return group ? `${spaceUseWords[spaceUseOf(group.type)]} (${group.type})` : undefined;
    },
    typesKnown: answer?.typesRead ?? false,
  };
}

/**
 * What a place's readings are judged with: the BFF's bands, each room's by its type where the
 * index knows it (`buildingId`: the building whose rooms are judged), and its comfort hours on the
 * clock of the place's site (`timeZone`, the site record's; UTC when it has none). `rooms` is
 * undefined until both have answered, so no verdict changes as the rooms' bands arrive; a failed
 * read of the rooms' bands judges every room by the office bands.
 */
export function useComfort(timeZone: string | null | undefined, buildingId?: string) {
  const capabilities = useCapabilities();
  const roomBands = useQuery({
    ...roomBandsQueryOptions(buildingId ?? ''),
    enabled: buildingId !== undefined,
    retry: false,
  });
  const hours = capabilities.data?.comfortHours;
  const office = capabilities.data?.comfortBands;
  const schedule = useMemo<ComfortSchedule | undefined>(
    () => (hours ? { hours, timeZone } : undefined),
    [hours, timeZone],
  );
  const settled = buildingId === undefined || !roomBands.isPending;
  const rooms = useMemo(
    () => (office && settled ? roomJudging(office, roomBands.data) : undefined),
    [office, settled, roomBands.data],
  );
  return { capabilities, bands: office, rooms, schedule };
}
