import { spacesQueryOptions } from '@/api/get-spaces';
import {
  buildingFrame,
  outlineOf,
  placeConditions,
  settle,
  signedIn,
  type RouteData,
} from './route-data';

/** A room's data: its level's frame and rooms, and at the click its own conditions (by id). */
export const roomData: RouteData = async (queryClient, params, search, intent) => {
  if (!(await signedIn(queryClient))) return;
  const { buildingId = '', level = '', room = '' } = params;
  const outline = await outlineOf(queryClient, buildingId);
  const roomId = outline?.levels
    ?.find((candidate) => candidate.id === level)
    ?.rooms?.find((candidate) => candidate.id === room)?.id;
  await settle([
    buildingFrame(queryClient, { buildingId }, search),
    ...(outline?.levels?.some((candidate) => candidate.id === level)
      ? [queryClient.prefetchQuery(spacesQueryOptions(level))]
      : []),
    ...(roomId && !intent ? [placeConditions(queryClient, 'Spaces', roomId)] : []),
  ]);
};
