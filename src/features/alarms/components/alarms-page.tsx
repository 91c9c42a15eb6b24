import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  alarmFilterOf,
  alarmsQueryOptions,
  fetchAllAlarms,
  type AlarmFilter,
  type alarmViewKeys,
} from '@/api/get-alarms';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import { ErrorState, ExportFailedAlert, LoadingSkeleton } from '@/components/query-states';
import { downloadCsv, toCsv } from '@/lib/csv';
import { alarmsCsv, alarmsCsvName } from '../utils/alarms-csv';
import { SidewaysScroll } from '@/components/sideways-scroll';
import { paths } from '@/config/paths';
import type { UrlView } from '@/lib/use-url-params';
import {
  alarmKinds,
  alarmSeverities,
  alarmViews,
  type AlarmList,
  type AlarmSummary,
} from '@/shared/contracts/alarms';
import { alarmWhat } from '@/shared/rules/alarm-words';
import {
  alarmState,
  formatMoment,
  kindLabels,
  severityLabels,
  viewLabels,
} from '../utils/alarm-labels';
import { AlarmSeverityChip } from './alarm-severity';
import { NotificationSettingLine } from './notification-setting';
import { SilencesSection } from './silences';
import { WhereLink } from './where-link';

function ViewLinks({ filter, counts }: { filter: AlarmFilter; counts?: AlarmList['counts'] }) {
  const countOf = (view: AlarmFilter['view']) =>
    view === 'cleared' || !counts ? '' : ` (${counts[view === 'open' ? 'open' : view]})`;
  return (
    <Stack
      component="nav"
      aria-label="Alarm views"
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {alarmViews.map((view) => (
        <Link
          key={view}
          component={RouterLink}
          to={paths.alarms({ ...filter, view: view === 'open' ? '' : view })}
          aria-current={filter.view === view ? 'page' : undefined}
          underline={filter.view === view ? 'always' : 'hover'}
          sx={{
            fontWeight: filter.view === view ? 700 : 400,
            minHeight: 44,
            display: 'flex',
            alignItems: 'center',
          }}
        >
          {viewLabels[view]}
          {countOf(view)}
        </Link>
      ))}
    </Stack>
  );
}

function AlarmsTable({ alarms }: { alarms: AlarmSummary[] }) {
  return (
    <SidewaysScroll label="Alarms, scrollable">
      <Table size="small" aria-label="Alarms">
        <TableHead>
          <TableRow>
            <TableCell>Severity</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Where</TableCell>
            <TableCell>Raised</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Assigned to</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {alarms.map((alarm) => (
            <TableRow key={alarm.id}>
              <TableCell>
                <AlarmSeverityChip severity={alarm.severity} />
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={paths.alarm(alarm.id)}>
                  {alarmWhat(alarm)}
                </Link>
                {alarm.chattering ? (
                  <Typography variant="body2" color="text.secondary">
                    Chattering: raised {alarm.reRaised + 1} times, kept as one alarm
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <WhereLink alarm={alarm} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(alarm.raisedAt)}</TableCell>
              <TableCell>{alarmState(alarm)}</TableCell>
              <TableCell>
                {alarm.assignee ? (alarm.assignee.name ?? alarm.assignee.sub) : '–'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}

const emptyWords: Readonly<Record<AlarmFilter['view'], string>> = {
  open: 'No open alarms. Storey checks every room with sensors about every 10 minutes: a room that stays out of its comfort band, or a sensor that stops reporting, shows here.',
  unacknowledged: 'Every open alarm has been acknowledged.',
  mine: 'No open alarm is assigned to you.',
  cleared: 'No closed alarms yet: an alarm closes once it has cleared and been acknowledged.',
};

/**
 * The alarms worklist: what is wrong now in the person's buildings, who has it, and since when;
 * unacknowledged first, then the most severe. Views and filters live in the URL.
 */
async function downloadAlarms(filter: AlarmFilter) {
  const csv = alarmsCsv(await fetchAllAlarms(filter));
  downloadCsv(alarmsCsvName(filter.view, Date.now()), await toCsv(csv.header, csv.rows));
}

export function AlarmsPage({
  view,
  isAdmin,
}: {
  view: UrlView<(typeof alarmViewKeys)[number]>;
  isAdmin: boolean;
}) {
  const filter = alarmFilterOf(view.values);
  const list = useQuery(alarmsQueryOptions(filter));
  const [exporting, setExporting] = useState<unknown>(undefined);
  const exportRows = async () => {
    setExporting(undefined);
    try {
      await downloadAlarms(filter);
    } catch (error) {
      setExporting(error);
    }
  };
  return (
    <Stack spacing={2}>
      <PageTitle title="Alarms">
        {isAdmin ? (
          <Stack direction="row" spacing={2}>
            <Link component={RouterLink} to={paths.outbox()}>
              Outbox
            </Link>
            <Link component={RouterLink} to={paths.alarmNoise()}>
              Noise
            </Link>
          </Stack>
        ) : null}
      </PageTitle>
      <ViewLinks filter={filter} counts={list.data?.counts} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap>
        <NativeSelectFilter
          label="Kind"
          allLabel="All kinds"
          value={filter.kind ?? ''}
          options={alarmKinds.map((kind) => [kind, kindLabels[kind]] as const)}
          onChange={(kind) => view.change({ kind })}
        />
        <NativeSelectFilter
          label="Severity"
          allLabel="All severities"
          value={filter.severity ?? ''}
          options={alarmSeverities.map((severity) => [severity, severityLabels[severity]] as const)}
          onChange={(severity) => view.change({ severity })}
        />
        <Button
          variant="outlined"
          disabled={!list.data || list.data.total === 0}
          onClick={() => void exportRows()}
        >
          Export CSV
        </Button>
      </Stack>
      {exporting ? <ExportFailedAlert error={exporting} /> : null}
      {filter.building ? (
        <Typography>
          Only the alarms of {list.data?.items[0]?.buildingName ?? 'one building'}.{' '}
          <Link
            component="button"
            type="button"
            onClick={() => view.change({ building: undefined })}
          >
            Show every building
          </Link>
        </Typography>
      ) : null}
      <NotificationSettingLine />
      <SilencesSection />
      {list.isPending ? (
        <LoadingSkeleton label="Loading alarms" />
      ) : list.isError ? (
        <ErrorState what="the alarms" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Alert severity="success">{emptyWords[filter.view]}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">
            {list.data.total === list.data.items.length
              ? `${list.data.total} ${list.data.total === 1 ? 'alarm' : 'alarms'}`
              : `The first ${list.data.items.length} of ${list.data.total} alarms`}
          </Typography>
          <AlarmsTable alarms={list.data.items} />
        </>
      )}
    </Stack>
  );
}
