import { alarmQueryOptions } from '@/api/get-alarms';
import { settle, signedIn, type RouteData } from './route-data';

export const alarmData: RouteData = async (queryClient, params) => {
  if (!(await signedIn(queryClient))) return;
  const id = Number(params.alarmId);
  if (!Number.isInteger(id) || id < 0) return;
  await settle([queryClient.prefetchQuery(alarmQueryOptions(id))]);
};
