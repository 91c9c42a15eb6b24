import { useParams } from 'react-router-dom';
import { AlarmPage } from '@/features/alarms/components/alarm-page';
import { PageMessage } from '@/components/query-states';

/** /alarms/:alarmId: one alarm, its timeline, and acting on it. */
export function Component() {
  const { alarmId = '' } = useParams();
  const id = Number(alarmId);
  if (!/^\d{1,7}$/.test(alarmId) || !Number.isInteger(id))
    return (
      <PageMessage title="No such alarm">
        This link does not name an alarm. Open the alarms list and pick one from there.
      </PageMessage>
    );
  return <AlarmPage key={id} alarmId={id} />;
}
