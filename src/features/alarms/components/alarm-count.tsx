import { useQuery } from '@tanstack/react-query';
import { alarmCountsQueryOptions } from '@/api/get-alarms';

/** The app bar's count of unacknowledged alarms in the person's scope (nothing while none). */
export function AlarmCount() {
  const counts = useQuery(alarmCountsQueryOptions());
  const open = counts.data?.unacknowledged ?? 0;
  if (open === 0) return null;
  return <span aria-label={`, ${open} unacknowledged`}>{` (${open})`}</span>;
}
