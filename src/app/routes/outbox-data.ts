import { outboxQueryOptions } from '@/api/get-alarms';
import { settle, signedIn, type RouteData } from './route-data';

export const outboxData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(outboxQueryOptions())]);
};
