import { inventoryReads, signedIn, type RouteData } from './route-data';

/** The compare screen chooses among the portfolio's buildings, with their sites and scores. */
export const compareData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await inventoryReads(queryClient);
};
