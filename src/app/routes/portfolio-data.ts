import { needsDoingQueries } from '@/features/now/hooks/use-needs-doing';
import { inventoryReads, settle, signedIn, type RouteData } from './route-data';

/** The first screen: what needs doing now, then the inventory. */
export const portfolioData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(needsDoingQueries.rooms()),
    queryClient.prefetchQuery(needsDoingQueries.alarms()),
    queryClient.prefetchQuery(needsDoingQueries.meters()),
    inventoryReads(queryClient),
  ]);
};
