import {
  accessAuditQueryOptions,
  accessOverviewQueryOptions,
  personAccessQueryOptions,
} from '@/api/get-access';
import { settle, signedIn, type RouteData } from './route-data';

export const accessData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const person = search.get('person');
  await settle([
    queryClient.prefetchQuery(accessOverviewQueryOptions()),
    queryClient.prefetchQuery(accessAuditQueryOptions()),
    ...(person ? [queryClient.prefetchQuery(personAccessQueryOptions(person))] : []),
  ]);
};
