import { buildingsQueryOptions } from '@/api/get-buildings';
import { sitesQueryOptions } from '@/api/get-sites';
import { settle, signedIn, type RouteData } from './route-data';

export const searchData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};
