import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { currentValuesQueryOptions, type CurrentValue } from '@/api/get-current-values';
import { devicesQueryOptions, type Device } from '@/api/get-devices';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { BandsFailed, ConditionsUnavailable } from './conditions-unavailable';
import { OutsideHoursNote } from './outside-hours-note';
import { VerdictChip } from './verdict-chip';
import {
  bandKindOfType,
  comfortVerdict,
  describeBand,
  staleAfterMs,
  type ComfortSchedule,
} from '@/shared/rules/comfort';
import type { RoomBands } from '@/shared/rules/space-bands';
import type { RoomJudging } from '@/api/get-room-bands';
import { onlyOutsideHours } from '@/domain/room-conditions';
import { useComfort } from '../hooks/use-comfort';
import { displayUnit, measurementKind } from '@/shared/rules/measurement-kinds';
import { formatAge } from '@/lib/format';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatReading(value: CurrentValue['value']): string {
  if (value === null) return '—';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

function ReadingCard({
  value,
  now,
  label,
  bands,
  ownBandsWhy,
  schedule,
}: {
  value: CurrentValue;
  now: number;
  label: string;
  /** The room's bands (its type's). */
  bands: RoomBands;
  /** Why the room has bands of its own ("storage, plant and circulation (Storage)"), if so. */
  ownBandsWhy: string | undefined;
  schedule: ComfortSchedule | undefined;
}) {
  const kind = measurementKind(value.pointType);
  const unit = displayUnit(value.unit);
  const verdict = comfortVerdict(
    { type: value.pointType, value: value.value, time: value.time, now },
    bands,
    schedule,
  );
  const band = 'band' in verdict ? verdict.band : undefined;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{
        p: 1.5,
        borderColor:
          verdict.status === 'low' || verdict.status === 'high' ? 'warning.main' : undefined,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <VerdictChip verdict={verdict} label={kind.label} />
      </Stack>
      <Typography variant="h5" component="p" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {formatReading(value.value)}
        {unit ? (
          <Typography component="span" variant="body1" color="text.secondary">
            {' '}
            {unit}
          </Typography>
        ) : null}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
        {Number.isFinite(value.time) ? (
          <time dateTime={new Date(value.time).toISOString()} title={timeFormat.format(value.time)}>
            {verdict.status === 'stale'
              ? `No reading since ${formatAge(now - value.time)}`
              : formatAge(now - value.time)}
          </time>
        ) : (
          'time not given'
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
        {band
          ? `Band ${describeBand(band)} (${band.source})`
          : verdict.status === 'no-band'
            ? value.pointType && bandKindOfType[value.pointType] && ownBandsWhy
              ? `Not judged in ${ownBandsWhy}`
              : 'No published comfort band'
            : null}
      </Typography>
    </Paper>
  );
}

const deviceKind = (device: Device) =>
  measurementKind(device.ontologyType ?? device.type).label.replace(/ equipment$/i, '');

function DeviceList({ devices, spaceId }: { devices: Device[]; spaceId: string }) {
  return (
    <List dense disablePadding aria-label="Devices">
      {devices.map((device) => {
        const elsewhere = device.measurements.find(
          (measurement) => measurement.measuredId && measurement.measuredId !== spaceId,
        );
        const measures = device.measurements
          .map((measurement) => {
            const unit = displayUnit(measurement.unit);
            return `${measurementKind(measurement.type).label}${unit ? ` (${unit})` : ''}`;
          })
          .join(', ');
        return (
          <ListItem key={device.id} disableGutters>
            <ListItemText
              primary={`${device.name ?? 'Unnamed device'} · ${deviceKind(device)}`}
              secondary={`${measures || 'no measurements'}${elsewhere ? ' · measures more than this room' : ''}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * A room's current conditions: each measurement's latest value with its unit and age, stale ones
 * marked, a comfort verdict where a published band exists; then the room's devices.
 */
export function RoomConditions({
  buildingId,
  spaceId,
  timeZone,
  missingId,
  decommissioned = false,
}: {
  /** The room's building: its bands follow its type (the index's room-bands). */
  buildingId: string;
  spaceId: string | undefined;
  /** The site's time zone: the comfort hours are judged on its clock. */
  timeZone: string | null | undefined;
  missingId?: string | undefined;
  /** The room's record says it is decommissioned: live readings then contradict it. */
  decommissioned?: boolean;
}) {
  const headingId = useId();
  const { capabilities, rooms, schedule } = useComfort(timeZone, buildingId);
  const feature = capabilities.data?.currentValues;
  const enabled = spaceId !== undefined && feature?.available !== false;
  const values = useQuery({ ...currentValuesQueryOptions('Spaces', spaceId ?? ''), enabled });
  const devicesAvailable = capabilities.data?.devices.available !== false;
  const devices = useQuery({
    ...devicesQueryOptions('Spaces', spaceId ?? ''),
    enabled: spaceId !== undefined && devicesAvailable,
  });

  let body: React.ReactNode;
  if (missingId) {
    body = <Typography color="text.secondary">{missingId}</Typography>;
  } else if (feature && !feature.available) {
    body = <ConditionsUnavailable feature={feature} />;
  } else if (capabilities.isError) {
    body = <BandsFailed capabilities={capabilities} />;
  } else if (values.isPending || !rooms) {
    // About the height of a room's three readings (temperature, CO₂, humidity) and its devices:
    // what is below does not jump when they come.
    body = <LoadingSkeleton label="Loading the current conditions" rows={10} />;
  } else if (values.isError) {
    body = (
      <PartFailedAlert onRetry={() => void values.refetch()}>
        The current conditions could not be loaded: {values.error.message}
      </PartFailedAlert>
    );
  } else {
    body = (
      <RoomReadingsNow
        spaceId={spaceId}
        values={values.data}
        now={values.dataUpdatedAt}
        judging={rooms}
        schedule={schedule}
        devices={devices.data}
        decommissioned={decommissioned}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Now
      </Typography>
      {body}
      {spaceId && devicesAvailable && !missingId ? (
        <RoomDevices devices={devices} spaceId={spaceId} />
      ) : null}
    </Box>
  );
}

/**
 * Each of the room's own readings labelled (two sensors of one kind by their devices), judged by
 * the room's bands; a floor or building meter placed here measures more than the room.
 */
function judgedReadings(
  values: readonly CurrentValue[],
  spaceId: string | undefined,
  bands: RoomBands,
  schedule: ComfortSchedule | undefined,
  devices: readonly Device[] | undefined,
  now: number,
) {
  const own = values.filter((value) => !value.measuredId || value.measuredId === spaceId);
  const verdicts = own.map((value) =>
    comfortVerdict(
      { type: value.pointType, value: value.value, time: value.time, now },
      bands,
      schedule,
    ),
  );
  const kindCount = new Map<string, number>();
  for (const value of own) {
    const kind = measurementKind(value.pointType).label;
    kindCount.set(kind, (kindCount.get(kind) ?? 0) + 1);
  }
  const deviceNames = new Map((devices ?? []).map((device) => [device.id, device.name]));
  const labels = new Map(
    own.map((value, index) => {
      const kind = measurementKind(value.pointType).label;
      if ((kindCount.get(kind) ?? 0) < 2) return [value.id, kind];
      const device = value.deviceId ? deviceNames.get(value.deviceId) : undefined;
      return [value.id, `${kind} · ${device ?? `sensor ${index + 1}`}`];
    }),
  );
  return {
    own,
    verdicts,
    labels,
    newest: own.length > 0 ? Math.max(...own.map((value) => value.time)) : undefined,
    outOfBand: verdicts.filter((verdict) => verdict.status === 'low' || verdict.status === 'high')
      .length,
  };
}

function RoomReadingsNow({
  spaceId,
  values,
  now,
  judging,
  schedule,
  devices,
  decommissioned,
}: {
  spaceId: string | undefined;
  values: readonly CurrentValue[];
  now: number;
  judging: RoomJudging;
  schedule: ComfortSchedule | undefined;
  devices: readonly Device[] | undefined;
  decommissioned: boolean;
}) {
  const bands = judging.bandsOf(spaceId);
  const ownBandsWhy = judging.ownBandsWhy(spaceId);
  const { own, verdicts, labels, newest, outOfBand } = judgedReadings(
    values,
    spaceId,
    bands,
    schedule,
    devices,
    now,
  );
  if (own.length === 0) return <Typography>No device in this room reports a value.</Typography>;
  return (
    <Stack spacing={1.5}>
      {decommissioned && newest !== undefined && now - newest <= staleAfterMs ? (
        <Alert severity="warning">
          This room is recorded as decommissioned, yet its sensors reported{' '}
          {formatAge(now - newest)}. Its record or its devices need checking.
        </Alert>
      ) : null}
      {judging.typesKnown ? null : (
        <Typography variant="body2" color="text.secondary">
          {judging.indexAnswered
            ? 'The platform does not say what this room is used for'
            : 'The portfolio index cannot say yet what this room is used for'}
          , so it is judged as a room people work in.
        </Typography>
      )}
      {schedule && onlyOutsideHours(verdicts) ? (
        <OutsideHoursNote schedule={schedule} />
      ) : (
        <Typography role="status">
          {outOfBand > 0
            ? `${outOfBand} reading${outOfBand === 1 ? ' is' : 's are'} out of band.`
            : ownBandsWhy && verdicts.every((verdict) => !('band' in verdict && verdict.band))
              ? `This room is not judged by comfort bands: none apply to ${ownBandsWhy}.`
              : 'Every reading with a comfort band is within it.'}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          m: 0,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {own.map((value) => (
          <ReadingCard
            key={value.id}
            value={value}
            now={now}
            label={labels.get(value.id)!}
            bands={bands}
            ownBandsWhy={ownBandsWhy}
            schedule={schedule}
          />
        ))}
      </Box>
    </Stack>
  );
}

function RoomDevices({ devices, spaceId }: { devices: UseQueryResult<Device[]>; spaceId: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Devices{devices.data ? ` (${devices.data.length})` : ''}
      </Typography>
      {devices.isPending ? (
        <LoadingSkeleton label="Loading the devices" rows={1} />
      ) : devices.isError ? (
        <PartFailedAlert onRetry={() => void devices.refetch()}>
          The devices could not be loaded: {devices.error.message}
        </PartFailedAlert>
      ) : devices.data.length === 0 ? (
        <Typography color="text.secondary">No devices in this room.</Typography>
      ) : (
        <DeviceList devices={devices.data} spaceId={spaceId} />
      )}
    </Box>
  );
}
