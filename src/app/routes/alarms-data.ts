import {
  alarmFilterOf,
  alarmViewKeys,
  alarmsQueryOptions,
  notificationSettingQueryOptions,
} from '@/api/get-alarms';
import { settle, signedIn, type RouteData } from './route-data';

export const alarmsData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const filter = alarmFilterOf(
    Object.fromEntries(alarmViewKeys.map((key) => [key, search.get(key)])),
  );
  await settle([
    queryClient.prefetchQuery(alarmsQueryOptions(filter)),
    queryClient.prefetchQuery(notificationSettingQueryOptions()),
  ]);
};
