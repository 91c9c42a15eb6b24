import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmKeys,
  notificationSettingQueryOptions,
  setEmailNotifications,
} from '@/api/get-alarms';

/** "E-mail me about new alarms": the person's own switch, with where the e-mail goes. */
export function NotificationSettingLine() {
  const queryClient = useQueryClient();
  const setting = useQuery(notificationSettingQueryOptions());
  const change = useMutation({
    mutationFn: setEmailNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.setting }),
  });
  if (!setting.data) return null;
  const { email, emailOn, smtp } = setting.data;
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
