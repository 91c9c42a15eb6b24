import { qualitySummaryQueryOptions } from '@/api/get-quality';
import { sitesQueryOptions } from '@/api/get-sites';
import { settle, signedIn, type RouteData } from './route-data';

export const qualityData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const organization = search.get('org');
  const site = search.get('site');
  await settle([
    queryClient.prefetchQuery(
      qualitySummaryQueryOptions({
        ...(organization ? { organization } : {}),
        ...(site ? { site } : {}),
      }),
    ),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};
