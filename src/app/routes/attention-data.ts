import { attentionFilterOf, attentionListLimit, attentionQueryOptions } from '@/api/get-attention';
import { capabilitiesQueryOptions } from '@/api/get-capabilities';
import { sitesQueryOptions } from '@/api/get-sites';
import { settle, signedIn, type RouteData } from './route-data';

export const attentionData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const filter = attentionFilterOf({
    site: search.get('site'),
    building: search.get('building'),
    kind: search.get('kind'),
    sort: search.get('sort'),
  });
  await settle([
    queryClient.prefetchQuery(attentionQueryOptions(filter, attentionListLimit)),
    queryClient.prefetchQuery(capabilitiesQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};
