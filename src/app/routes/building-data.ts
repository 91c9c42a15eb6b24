import { buildingEnergyQueryOptions } from '@/api/get-energy';
import { buildingFrame, settle, signedIn, type RouteData } from './route-data';

/** The building's page: its frame and its energy as the portfolio's ranking has it. */
export const buildingData: RouteData = async (queryClient, params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    buildingFrame(queryClient, params, search),
    ...(params.buildingId
      ? [queryClient.prefetchQuery(buildingEnergyQueryOptions(params.buildingId))]
      : []),
  ]);
};
