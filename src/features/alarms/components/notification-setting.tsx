import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  alarmKeys,
  notificationSettingQueryOptions,
  setEmailNotifications,
  setQuietHours,
} from '@/api/get-alarms';
import { OutlinedField } from '@/components/outlined-field';
import type { QuietHoursSetting } from '@/shared/contracts/alarms';
import { Refused } from './action-form';

/** The browser's own time zone: where the person most likely keeps their nights. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Quiet hours: e-mails written in them wait until they end (critical ones do not), on the clock
 * of the person's own time zone.
 */
function QuietHoursLine({ quietHours }: { quietHours: QuietHoursSetting | null }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState(quietHours?.from ?? '22:00');
  const [to, setTo] = useState(quietHours?.to ?? '07:00');
  const [timeZone, setTimeZone] = useState(quietHours?.timeZone ?? browserTimeZone());
  const save = useMutation({
    mutationFn: setQuietHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.setting }),
    onSuccess: () => setEditing(false),
  });
  if (!editing)
    return (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2">
          {quietHours
            ? `Quiet hours ${quietHours.from}–${quietHours.to} (${quietHours.timeZone}): e-mails wait until they end, except critical alarms.`
            : 'No quiet hours: e-mails come at any hour.'}
        </Typography>
        <Button size="small" sx={{ minHeight: 44 }} onClick={() => setEditing(true)}>
          {quietHours ? 'Change quiet hours' : 'Set quiet hours'}
        </Button>
        {quietHours ? (
          <Button size="small" sx={{ minHeight: 44 }} onClick={() => save.mutate(null)}>
            No quiet hours
          </Button>
        ) : null}
        {save.isError ? <Refused error={save.error} /> : null}
      </Stack>
    );
  return (
    <Stack
      component="form"
      aria-label="Quiet hours"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ from, to, timeZone: timeZone.trim() });
      }}
    >
      <OutlinedField
        label="Quiet from"
        type="time"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <OutlinedField
        label="until"
        type="time"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <OutlinedField
        label="Time zone"
        value={timeZone}
        onChange={(event) => setTimeZone(event.target.value)}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" sx={{ minHeight: 44 }} disabled={save.isPending}>
        Save quiet hours
      </Button>
      <Button sx={{ minHeight: 44 }} onClick={() => setEditing(false)}>
        Cancel
      </Button>
      {save.isError ? <Refused error={save.error} /> : null}
    </Stack>
  );
}

/** "E-mail me about new alarms": the person's own switch, with where the e-mail goes. */
export function NotificationSettingLine() {
  const queryClient = useQueryClient();
  const setting = useQuery(notificationSettingQueryOptions());
  const change = useMutation({
    mutationFn: setEmailNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.setting }),
  });
  if (!setting.data) return null;
  const { email, emailOn, smtp, quietHours } = setting.data;
  if (!email)
    return (
      <Typography color="text.secondary">
        Your sign-in gives Storey no e-mail address, so it cannot e-mail you about alarms.
      </Typography>
    );
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={change.isPending ? Boolean(change.variables) : emailOn}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label={`E-mail me (${email}) about new alarms in my buildings, at most one message per building every few minutes`}
      />
      {emailOn ? <QuietHoursLine quietHours={quietHours} /> : null}
      {smtp === 'none' ? (
        <Typography variant="body2" color="text.secondary">
          No mail server is configured here (SMTP_URL), so messages wait in the outbox.
        </Typography>
      ) : smtp === 'embedded' ? (
        <Typography variant="body2" color="text.secondary">
          This is the built-in demo: its messages stay on this machine, and administrators read them
          on the Outbox page.
        </Typography>
      ) : null}
      {change.isError ? (
        <Typography role="alert" color="error">
          The change was not saved. Try again.
        </Typography>
      ) : null}
    </div>
  );
}
