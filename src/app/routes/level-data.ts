import { spacesQueryOptions } from '@/api/get-spaces';
import {
  buildingFrame,
  outlineOf,
  placeConditions,
  settle,
  signedIn,
  type RouteData,
} from './route-data';

/**
 * A level's data: the building's, and the floor's rooms once the outline has told which floor the
 * key names, and at the click its conditions. Only a level with an id is read ahead; a platform without level ids
 * matches floors by position, which the screen does against the floor list.
 */
export const levelData: RouteData = async (
  queryClient,
  { buildingId = '', level = '' },
  _search,
  intent,
) => {
  if (!(await signedIn(queryClient))) return;
  const building = buildingFrame(queryClient, { buildingId }, new URLSearchParams());
  const outline = await outlineOf(queryClient, buildingId);
  const floorId = outline?.levels?.find((candidate) => candidate.id === level)?.id;
  await settle([
    building,
    ...(floorId
      ? [
          queryClient.prefetchQuery(spacesQueryOptions(floorId)),
          ...(intent ? [] : [placeConditions(queryClient, 'Floors', floorId)]),
        ]
      : []),
  ]);
};
