import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  acknowledgeAlarm,
  alarmKeys,
  alarmQueryOptions,
  assignAlarm,
  clearAlarm,
  commentOnAlarm,
} from '@/api/get-alarms';
import { OutlinedField, OutlinedNativeSelect } from '@/components/outlined-field';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { Section } from '@/components/section';
import { paths } from '@/config/paths';
import { clearableByHand, type AlarmDetail, type AlarmEvent } from '@/shared/contracts/alarms';
import { alarmWhat } from '@/shared/rules/alarm-words';
import { describeBand } from '@/shared/rules/comfort';
import { alarmState, formatMoment, kindLabels } from '../utils/alarm-labels';
import { ActionForm } from './action-form';
import { WhereLink } from './where-link';
import { AlarmSeverityChip } from './alarm-severity';

const eventWords: Readonly<Record<AlarmEvent['type'], string>> = {
  raised: 'Raised',
  're-raised': 'Raised again',
  cleared: 'Cleared',
  acknowledged: 'Acknowledged',
  assigned: 'Assigned to',
  unassigned: 'Unassigned',
  commented: 'Note',
  escalated: 'Not acknowledged in time: told',
};

/** Acknowledge, assign and add a note: each a form of its own, usable by keyboard alone. */
function AlarmActions({ detail }: { detail: AlarmDetail }) {
  const queryClient = useQueryClient();
  const { alarm } = detail;
  const [note, setNote] = useState('');
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [assignee, setAssignee] = useState(alarm.assignee?.sub ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: alarmKeys.all });
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeAlarm(alarm.id, note.trim() || undefined),
    onSettled: refresh,
    onSuccess: () => setNote(''),
  });
  const assign = useMutation({
    mutationFn: () => assignAlarm(alarm.id, assignee || null),
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: () => clearAlarm(alarm.id, reason.trim()),
    onSettled: refresh,
    onSuccess: () => setReason(''),
  });
  const addComment = useMutation({
    mutationFn: () => commentOnAlarm(alarm.id, comment.trim()),
    onSettled: refresh,
    onSuccess: () => setComment(''),
  });
  return (
    <Stack spacing={2}>
      <ActionForm
        label="Acknowledge"
        // Once acknowledged (maybe by someone else first), only why this one was refused stays.
        formShown={!alarm.acknowledgedAt}
        action={acknowledge}
        button={{ text: 'Acknowledge', variant: 'contained' }}
      >
        <OutlinedField
          label="Note (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          sx={{ flex: 1 }}
        />
      </ActionForm>
      {clearableByHand.has(alarm.kind) ? (
        // A silence clears itself when the sensor reports; one removed for good is cleared here.
        <ActionForm
          label="Clear"
          formShown={!alarm.clearedAt}
          action={clear}
          button={{ text: 'Clear', disabled: reason.trim() === '' }}
        >
          <OutlinedField
            label="Why (e.g. sensor removed)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            sx={{ flex: 1 }}
          />
        </ActionForm>
      ) : null}
      <ActionForm label="Assign" action={assign} button={{ text: 'Assign' }}>
        <OutlinedNativeSelect
          label="Assigned to"
          size="small"
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
          sx={{ flex: 1 }}
        >
          <option value="">Nobody</option>
          {detail.assignees.map((person) => (
            <option key={person.sub} value={person.sub}>
              {person.name ?? person.sub}
            </option>
          ))}
        </OutlinedNativeSelect>
      </ActionForm>
      <ActionForm
        label="Add a note"
        action={addComment}
        button={{ text: 'Add note', disabled: comment.trim() === '' }}
      >
        <OutlinedField
          label="Note"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          sx={{ flex: 1 }}
        />
      </ActionForm>
    </Stack>
  );
}

function Timeline({ events }: { events: AlarmEvent[] }) {
  return (
    <List aria-label="What happened" dense>
      {events.map((event, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText
            primary={`${eventWords[event.type]}${event.text ? `: ${event.text}` : ''}`}
            secondary={`${formatMoment(event.at)} · ${event.actor ? (event.actor.name ?? event.actor.sub) : 'Storey'}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** One alarm: what, where, its state and who has it, what people did, and acting on it. */
export function AlarmPage({ alarmId }: { alarmId: number }) {
  const detail = useQuery(alarmQueryOptions(alarmId));
  if (detail.isPending) return <LoadingSkeleton label="Loading the alarm" rows={4} />;
  if (detail.isError)
    return (
      <ErrorState what="the alarm" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  const { alarm } = detail.data;
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={paths.alarms()}>
        ← All alarms
      </Link>
      <PageTitle title={alarmWhat(alarm)} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <AlarmSeverityChip severity={alarm.severity} />
            <Typography>{kindLabels[alarm.kind]}</Typography>
          </Stack>
          <Typography>
            Where: <WhereLink alarm={alarm} />
          </Typography>
          {alarm.band?.source ? (
            <Typography>
              {`Band: ${describeBand({
                low: alarm.band.low ?? undefined,
                high: alarm.band.high ?? undefined,
                unit: alarm.unit ?? '',
                source: alarm.band.source,
              })} (${alarm.band.source})`}
            </Typography>
          ) : null}
          <Typography>
            Raised {formatMoment(alarm.raisedAt)}
            {alarm.readingAt ? ` · last reading ${formatMoment(alarm.readingAt)}` : ''}
          </Typography>
          <Typography>
            {alarmState(alarm)}
            {alarm.assignee ? ` · assigned to ${alarm.assignee.name ?? alarm.assignee.sub}` : ''}
          </Typography>
          {alarm.chattering ? (
            <Typography>
              Chattering: raised {alarm.reRaised + 1} times within a few hours, kept as one alarm
              and told once.
            </Typography>
          ) : null}
        </Stack>
      </Paper>
      {detail.data.mayAct ? (
        <Section title="Act on it">
          <AlarmActions detail={detail.data} />
        </Section>
      ) : (
        <Alert severity="info">
          You may see this alarm but not act on it: that needs the operator role on its building.
        </Alert>
      )}
      <Section title="What happened">
        <Timeline events={detail.data.events} />
      </Section>
    </Stack>
  );
}
