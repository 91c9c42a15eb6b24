import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { AlarmSummary } from '@/shared/contracts/alarms';
import { alarmWhere } from '@/shared/rules/alarm-words';

/**
 * Where an alarm is, as a link to its room or building; the index's own failures belong to no
 * building, so they are named, not linked.
 */
export function WhereLink({ alarm }: { alarm: AlarmSummary }) {
  const where = alarmWhere(alarm);
  if (alarm.buildingId === '') return <>{where}</>;
  const to =
    alarm.levelKey && alarm.roomId
      ? paths.room(alarm.buildingId, alarm.levelKey, alarm.roomId)
      : paths.building(alarm.buildingId);
  return (
    <Link component={RouterLink} to={to}>
      {where}
    </Link>
  );
}
