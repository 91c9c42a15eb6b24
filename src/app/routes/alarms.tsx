import { useMe } from '@/api/get-access';
import { alarmViewKeys } from '@/api/get-alarms';
import { AlarmsPage } from '@/features/alarms/components/alarms-page';
import { useUrlView } from '@/lib/use-url-params';

/** /alarms?view=&kind=&severity=&building=: the alarms worklist. */
export function Component() {
  const me = useMe();
  return <AlarmsPage view={useUrlView(alarmViewKeys)} isAdmin={me.data?.role === 'admin'} />;
}
