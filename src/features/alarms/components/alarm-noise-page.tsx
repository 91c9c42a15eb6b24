import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { alarmNoiseQueryOptions } from '@/api/get-alarms';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { Section } from '@/components/section';
import { SidewaysScroll } from '@/components/sideways-scroll';
import { paths } from '@/config/paths';
import {
  floodAlarms,
  floodMinutes,
  noiseDays,
  standingHours,
  type AlarmSummary,
} from '@/shared/contracts/alarms';
import { alarmWhat, alarmWhere } from '@/shared/rules/alarm-words';
import { formatMoment } from '../utils/alarm-labels';

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

function AlarmLinks({
  alarms,
  extra,
}: {
  alarms: AlarmSummary[];
  extra: (alarm: AlarmSummary) => string;
}) {
  return (
    <List dense disablePadding>
      {alarms.map((alarm) => (
        <ListItem key={alarm.id} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={paths.alarm(alarm.id)}>
                {alarmWhat(alarm)}
              </Link>
            }
            secondary={`${alarmWhere(alarm)} · ${extra(alarm)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Administrators: is the alarm system one people still read? Raises per day, floods (more than
 * ten alarms to one person in ten minutes), chattering alarms and alarms left open for more than
 * a day: the figures alarm management (ISA-18.2) watches, each with the alarms behind it.
 */
export function AlarmNoisePage() {
  const noise = useQuery(alarmNoiseQueryOptions());
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={paths.alarms()}>
        ← All alarms
      </Link>
      <PageTitle title="Alarm noise" />
      {noise.isPending ? (
        <LoadingSkeleton label="Loading the noise figures" />
      ) : noise.isError ? (
        <ErrorState
          what="the noise figures"
          error={noise.error}
          onRetry={() => void noise.refetch()}
        />
      ) : (
        <>
          <Section title={`Raised per day, last ${noiseDays} days (UTC)`}>
            <SidewaysScroll label="Raised per day, scrollable">
              <Table size="small" aria-label="Raised per day">
                <TableHead>
                  <TableRow>
                    <TableCell>Day</TableCell>
                    <TableCell align="right">Alarms raised</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...noise.data.perDay].reverse().map((day) => (
                    <TableRow key={day.day}>
                      <TableCell>{dayFormat.format(new Date(`${day.day}T00:00:00Z`))}</TableCell>
                      <TableCell align="right">{day.raised.toLocaleString()}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </SidewaysScroll>
          </Section>
          <Section title={`Floods (${noise.data.floods.length})`}>
            <Typography variant="body2" color="text.secondary">
              More than {floodAlarms} alarms in the e-mails to one person within {floodMinutes}{' '}
              minutes: more than anyone can act on.
            </Typography>
            {noise.data.floods.length === 0 ? (
              <Alert severity="success">
                No floods: nobody was told of more than {floodAlarms} alarms in {floodMinutes}{' '}
                minutes.
              </Alert>
            ) : (
              <List dense disablePadding aria-label="Floods">
                {noise.data.floods.map((flood) => (
                  <ListItem key={`${flood.recipient.sub}-${flood.from}`} disableGutters>
                    <ListItemText
                      primary={`${flood.recipient.name ?? flood.recipient.sub}: ${flood.alarms} alarms`}
                      secondary={`in the ${floodMinutes} minutes from ${formatMoment(flood.from)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
          <Section title={`Chattering (${noise.data.chattering.count})`}>
            <Typography variant="body2" color="text.secondary">
              Raised and cleared again and again: each is kept as one alarm and told once, but its
              band or its sensor needs a look.
            </Typography>
            {noise.data.chattering.count === 0 ? (
              <Alert severity="success">No chattering alarms.</Alert>
            ) : (
              <AlarmLinks
                alarms={noise.data.chattering.most}
                extra={(alarm) => `raised ${alarm.reRaised + 1} times`}
              />
            )}
          </Section>
          <Section title={`Open longer than ${standingHours} hours (${noise.data.standing.count})`}>
            {noise.data.standing.count === 0 ? (
              <Alert severity="success">No alarm has stood open for more than a day.</Alert>
            ) : (
              <AlarmLinks
                alarms={noise.data.standing.oldest}
                extra={(alarm) => `raised ${formatMoment(alarm.raisedAt)}`}
              />
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
