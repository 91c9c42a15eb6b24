import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alarmKeys, createSilence, liftSilence, silencesQueryOptions } from '@/api/get-alarms';
import { OutlinedField, OutlinedNativeSelect } from '@/components/outlined-field';
import { Section } from '@/components/section';
import type { AlarmSilence } from '@/shared/contracts/alarms';
import { hourMs } from '@/shared/rules/site-clock';
import { formatMoment } from '../utils/alarm-labels';
import { ActionForm, Refused } from './action-form';

/** How long a silence lasts, as offered (the server takes any end up to 31 days). */
const durations = [
  ['1', '1 hour'],
  ['4', '4 hours'],
  ['8', '8 hours'],
  ['24', '1 day'],
  ['72', '3 days'],
  ['168', '1 week'],
] as const;

/** "London Quarter (site) until 27 Nov 2026, 14:00 · Sofia: Chiller replacement" */
const silenceWords = (silence: AlarmSilence) =>
  `${silence.place.name ?? silence.place.id}${silence.place.kind === 'site' ? ' (every building of the site)' : ''} · until ${formatMoment(silence.endsAt)}`;

function LiftButton({ silence }: { silence: AlarmSilence }) {
  const queryClient = useQueryClient();
  const lift = useMutation({
    mutationFn: () => liftSilence(silence.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        sx={{ minHeight: 44 }}
        disabled={lift.isPending}
        onClick={() => lift.mutate()}
        aria-label={`Lift the silence over ${silence.place.name ?? silence.place.id}`}
      >
        Lift
      </Button>
      {lift.isError ? <Refused error={lift.error} /> : null}
    </Stack>
  );
}

function SilenceItems({ silences }: { silences: AlarmSilence[] }) {
  return (
    <List dense disablePadding aria-label="Silences">
      {silences.map((silence) => (
        <ListItem
          key={silence.id}
          disableGutters
          secondaryAction={<LiftButton silence={silence} />}
          sx={{ pr: 10 }}
        >
          <ListItemText
            primary={silenceWords(silence)}
            secondary={`${silence.reason} · by ${silence.by.name ?? silence.by.sub}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The alarms page's list of silences the person may see: while one holds, its place's alarms
 * are kept and shown but nobody is told and nothing escalates.
 */
export function SilencesSection() {
  const silences = useQuery(silencesQueryOptions());
  if (!silences.data || silences.data.length === 0) return null;
  return (
    <Section title={`Silenced (${silences.data.length})`}>
      <Typography variant="body2" color="text.secondary">
        Alarms here are still raised and listed, but nobody is e-mailed about them and they do not
        escalate until the silence ends.
      </Typography>
      <SilenceItems silences={silences.data} />
    </Section>
  );
}

interface SilencePlace {
  building: { id: string; name: string };
  site: { id: string; name: string } | undefined;
  now?: () => number;
}

/** The form that silences the building (or its whole site) for a reason and a while. */
function SilenceForm({
  building,
  site,
  now = Date.now,
  onDone,
}: SilencePlace & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('4');
  const [scope, setScope] = useState<'building' | 'site'>('building');
  const silence = useMutation({
    mutationFn: () =>
      createSilence({
        place:
          scope === 'site' && site
            ? { kind: 'site', id: site.id }
            : { kind: 'building', id: building.id },
        reason: reason.trim(),
        endsAt: new Date(now() + Number(hours) * hourMs).toISOString(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
    onSuccess: onDone,
  });
  return (
    <ActionForm
      label="Silence alarms"
      action={silence}
      button={{ text: 'Silence', variant: 'contained', disabled: reason.trim() === '' }}
    >
      {site ? (
        <OutlinedNativeSelect
          label="Silence"
          value={scope}
          onChange={(event) => setScope(event.target.value as 'building' | 'site')}
        >
          <option value="building">{building.name}</option>
          <option value="site">Every building of {site.name}</option>
        </OutlinedNativeSelect>
      ) : null}
      <OutlinedNativeSelect
        label="For"
        value={hours}
        onChange={(event) => setHours(event.target.value)}
      >
        {durations.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </OutlinedNativeSelect>
      <OutlinedField
        label="Why (e.g. chiller replacement)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        sx={{ flex: 1 }}
      />
    </ActionForm>
  );
}

/**
 * A building page's silence: the one holding over it, with Lift, or a form to silence the
 * building (or its whole site) for a reason and a while, as during planned works.
 */
export function BuildingSilence({ building, site, now }: SilencePlace) {
  const silences = useQuery(silencesQueryOptions());
  const [open, setOpen] = useState(false);
  // Drawn once the silences are known: without alarms (no index here) there is nothing to
  // silence, and a section that came and went would move the floors below it.
  if (!silences.isSuccess) return null;
  const holding = silences.data.filter(
    (each) =>
      (each.place.kind === 'building' && each.place.id === building.id) ||
      (each.place.kind === 'site' && each.place.id === site?.id),
  );
  return (
    <Section title="Alarm e-mails">
      {holding.length > 0 ? (
        <>
          <Typography>
            Silenced: nobody is e-mailed about this building’s alarms, and none escalates, until the
            silence ends. Its alarms are still raised and listed.
          </Typography>
          <SilenceItems silences={holding} />
        </>
      ) : (
        <Typography color="text.secondary">
          People who look after this building are e-mailed about its new alarms.
        </Typography>
      )}
      {open ? (
        <SilenceForm
          building={building}
          site={site}
          {...(now ? { now } : {})}
          onDone={() => setOpen(false)}
        />
      ) : (
        <div>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setOpen(true)}>
            Silence alarms…
          </Button>
        </div>
      )}
    </Section>
  );
}
