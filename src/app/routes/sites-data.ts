import { totalsQueryOptions } from '@/api/get-totals';
import { settle, signedIn, type RouteData } from './route-data';

/** The Sites page reads the index's totals alone (the listings' sums went with decision 0024). */
export const sitesData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(
      totalsQueryOptions(search.get('by') === 'organization' ? 'organization' : 'site'),
    ),
  ]);
};
