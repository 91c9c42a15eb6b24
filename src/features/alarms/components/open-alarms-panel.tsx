import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { alarmsQueryOptions } from '@/api/get-alarms';
import { Section } from '@/components/section';
import { paths } from '@/config/paths';
import { alarmWhat, alarmWhere } from '@/shared/rules/alarm-words';
import { alarmState, severityLabels } from '../utils/alarm-labels';

/** How many of a place's open alarms the panel names; the rest are a link away. */
const shown = 5;

/**
 * A building's, floor's or room's open alarms, above its details: what is wrong here now and who
 * has it, each a link to the alarm. Reads the worklist's own answer for the building (one cache
 * entry), narrowed to the floor or room; says nothing where nothing is open.
 */
export function OpenAlarmsPanel({
  buildingId,
  levelKey,
  roomId,
}: {
  buildingId: string;
  levelKey?: string | undefined;
  roomId?: string | undefined;
}) {
  const open = useQuery({
    ...alarmsQueryOptions({ view: 'open', building: buildingId }),
    select: (list) =>
      list.items.filter(
        (alarm) =>
          (levelKey === undefined || alarm.levelKey === levelKey) &&
          (roomId === undefined || alarm.roomId === roomId),
      ),
  });
  if (!open.data || open.data.length === 0) return null;
  const alarms = open.data;
  return (
    <Section title={`Open alarms (${alarms.length})`}>
      <List dense disablePadding>
        {alarms.slice(0, shown).map((alarm) => (
          <ListItem key={alarm.id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={paths.alarm(alarm.id)}>
                  {severityLabels[alarm.severity]} · {alarmWhat(alarm)}
                </Link>
              }
              secondary={`${roomId ? '' : `${alarmWhere(alarm)} · `}${alarmState(alarm)}`}
            />
          </ListItem>
        ))}
      </List>
      {alarms.length > shown || roomId === undefined ? (
        <Link component={RouterLink} to={paths.alarms({ building: buildingId })}>
          All open alarms of this building
        </Link>
      ) : null}
    </Section>
  );
}
