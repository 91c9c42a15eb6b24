import { useQuery } from '@tanstack/react-query';
import { alarmCountsQueryOptions } from '@/api/get-alarms';
import { attentionQueryOptions } from '@/api/get-attention';
import { energyQueryOf, energyQueryOptions } from '@/api/get-energy';
import { alarmsItem, metersItem, roomsItem } from '../utils/needs-doing';

/**
 * The reads behind "Needs doing now". Only the figures are wanted: one row each (the smallest
 * page), the same counts the Needs attention, Alarms and Energy screens head their lists with.
 * The alarm counts are the app bar's own query, so they cost nothing more.
 */
export const needsDoingQueries = {
  rooms: () => attentionQueryOptions({}, 1),
  alarms: () => alarmCountsQueryOptions(),
  meters: () => energyQueryOptions({ ...energyQueryOf({ list: 'stopped' }), limit: 1 }),
};

export function useNeedsDoing() {
  return {
    rooms: useQuery({ ...needsDoingQueries.rooms(), select: roomsItem }),
    alarms: useQuery({ ...needsDoingQueries.alarms(), select: alarmsItem }),
    meters: useQuery({ ...needsDoingQueries.meters(), select: metersItem }),
  };
}
