import { meQueryOptions } from '@/api/get-access';
import { settle, signedIn, type RouteData } from './route-data';

export const myAccessData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(meQueryOptions())]);
};
