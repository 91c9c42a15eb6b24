import { alarmNoiseQueryOptions } from '@/api/get-alarms';
import { settle, signedIn, type RouteData } from './route-data';

export const alarmNoiseData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(alarmNoiseQueryOptions())]);
};
