import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '@/lib/api-client';
import { z } from '@/lib/zod';
import type { ComfortBands } from '@/shared/rules/comfort';
import { spaceUseOf, spaceUseWords, type RoomBands } from '@/shared/rules/space-bands';
import { attentionKeys } from './get-attention';
import { useCapabilities } from './get-capabilities';
import { queryString } from './query-string';

const bandLimitsSchema = z.object({
  low: z.optional(z.number()),
  high: z.optional(z.number()),
  unit: z.string(),
  source: z.string(),
});

/**
 * GET /api/index/room-bands?building=: the bands a building's rooms are judged by where their type
 * has its own (a store room none, a server room its envelope; shared/rules/space-bands), grouped
 * by type; every room not listed is judged by the office bands. `typesRead` false: the platform
 * did not say the rooms' types. This schema is the contract.
 */
export const roomBandsSchema = z.object({
  asOf: z.string(),
  typesRead: z.boolean(),
  groups: z.array(
    z.object({
      type: z.string(),
      bands: z.object({
        temperature: z.optional(bandLimitsSchema),
        co2: z.optional(bandLimitsSchema),
        humidity: z.optional(bandLimitsSchema),
      }),
      rooms: z.array(z.string()),
    }),
  ),
});
export type RoomBandsAnswer = z.infer<typeof roomBandsSchema>;

export const roomBandsQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...attentionKeys.all, 'room-bands', buildingId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/index/room-bands${queryString({ building: buildingId })}`,
          roomBandsSchema,
          { signal },
        )
      ).data,
    // A room's type changes with a sync, not by the minute.
    staleTime: 10 * 60_000,
  });

/** How a building's rooms are judged: each room's bands, and its type where it has its own. */
export interface RoomJudging {
  bandsOf: (roomId: string | null | undefined) => RoomBands;
  /** "storage, plant and circulation (Storage)": why a room has bands of its own, if it has. */
  ownBandsWhy: (roomId: string | null | undefined) => string | undefined;
  /** False: the platform did not say the rooms' types, or the index could not be asked. */
  typesKnown: boolean;
  /** Whether the index answered (false: not indexed yet, or it failed). */
  indexAnswered: boolean;
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
    indexAnswered: answer !== undefined,
  };
}

/**
 * How a building's rooms are judged: the office bands (the BFF's), and each room's own where the
 * index says its type has them. Undefined until both have answered, so no verdict changes as the
 * rooms' bands arrive; a failed read of them judges every room by the office bands. Without a
 * building, every room by the office bands.
 */
export function useRoomJudging(buildingId: string | undefined): RoomJudging | undefined {
  const capabilities = useCapabilities();
  const roomBands = useQuery({
    ...roomBandsQueryOptions(buildingId ?? ''),
    enabled: buildingId !== undefined,
    retry: false,
  });
  const office = capabilities.data?.comfortBands;
  const settled = buildingId === undefined || !roomBands.isPending;
  return useMemo(
    () => (office && settled ? roomJudging(office, roomBands.data) : undefined),
    [office, settled, roomBands.data],
  );
}
