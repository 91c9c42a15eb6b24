import { buildingsQueryOptions } from '@/api/get-buildings';
import { indexStatusQueryOptions } from '@/api/get-index-status';
import { sitesQueryOptions } from '@/api/get-sites';
import { totalsQueryOptions } from '@/api/get-totals';
import { settle, signedIn, type RouteData } from './route-data';

export const sitesData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(indexStatusQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(
      totalsQueryOptions(search.get('by') === 'organization' ? 'organization' : 'site'),
    ),
  ]);
};
