import { capabilitiesQueryOptions } from '@/api/get-capabilities';
import { energyQueryOf, energyQueryOptions } from '@/api/get-energy';
import { settle, signedIn, type RouteData } from './route-data';

export const energyData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const query = energyQueryOf({ list: search.get('list'), sort: search.get('sort') });
  await settle([
    queryClient.prefetchQuery(energyQueryOptions(query)),
    queryClient.prefetchQuery(capabilitiesQueryOptions()),
  ]);
};
