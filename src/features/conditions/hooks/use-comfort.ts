import { useMemo } from 'react';
import { useCapabilities } from '@/api/get-capabilities';
import { useRoomJudging } from '@/api/get-room-bands';
import type { ComfortSchedule } from '@/shared/rules/comfort';

/**
 * What a place's readings are judged with: the BFF's bands, each room's by its type where the
 * index knows it (`buildingId`: the building whose rooms are judged), and its comfort hours on the
 * clock of the place's site (`timeZone`, the site record's; UTC when it has none). `rooms` is
 * undefined until both have answered, so no verdict changes as the rooms' bands arrive; a failed
 * read of the rooms' bands judges every room by the office bands.
 */
export function useComfort(timeZone: string | null | undefined, buildingId?: string) {
  const capabilities = useCapabilities();
  const rooms = useRoomJudging(buildingId);
  const hours = capabilities.data?.comfortHours;
  const schedule = useMemo<ComfortSchedule | undefined>(
    () => (hours ? { hours, timeZone } : undefined),
    [hours, timeZone],
  );
  return { capabilities, bands: capabilities.data?.comfortBands, rooms, schedule };
}
