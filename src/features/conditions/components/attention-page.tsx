import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  attentionFilterOf,
  attentionListLimit,
  attentionQueryOptions,
  fetchAllAttention,
  type Attention,
  type AttentionKind,
  type AttentionReading,
} from '@/api/get-attention';
import { useCapabilities } from '@/api/get-capabilities';
import { useSites } from '@/api/get-sites';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import {
  EmptyState,
  ErrorState,
  ExportFailedAlert,
  LoadingSkeleton,
} from '@/components/query-states';
import { StatCard } from '@/components/stat-card';
import { paths } from '@/config/paths';
import {
  describeBand,
  outOfBandWord,
  type ComfortBands,
  type ComfortHours,
} from '@/domain/comfort';
import { displayUnit } from '@/domain/measurement-kinds';
import { downloadCsv, toCsv } from '@/lib/csv';
import { countOf, displayName, formatAge, formatCount, siteLabel } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';
import type { attentionViewKeys } from '@/api/get-attention';
import { BandsFailed, ConditionsUnavailable } from './conditions-unavailable';
import { OutOfBandChip } from './verdict-chip';

/** The kinds with a comfort band, in the words every screen uses for them. */
export const kindLabels: Record<AttentionKind, string> = {
  temperature: 'Air temperature',
  co2: 'CO₂',
  humidity: 'Relative humidity',
};

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "2 h 10 min", "3 days 4 h": how long a room has been out of band. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

const outFor = (row: AttentionReading, now: number) =>
  `${row.outSinceKnown ? '' : 'at least '}${formatDuration(now - Date.parse(row.outSince))}`;

const roomLabel = (row: AttentionReading) => displayName(row.roomName);

const roomHref = (row: AttentionReading) =>
  row.levelKey === null
    ? paths.building(row.buildingId)
    : paths.room(row.buildingId, row.levelKey, row.roomId);

/**
 * /attention: the rooms of the whole portfolio out of their comfort band now, worst first, with
 * how long each has been out. The server reads the platform's current values on a schedule within
 * a request budget (so a list of 10,000 buildings costs no browser a platform call) and this page
 * says how recent and complete those checks are.
 */
export function AttentionPage({ view }: { view: UrlView<(typeof attentionViewKeys)[number]> }) {
  const filter = attentionFilterOf(view.values);
  const attention = useQuery(attentionQueryOptions(filter, attentionListLimit));
  const capabilities = useCapabilities();
  const sites = useSites();
  const [exporting, setExporting] = useState<unknown>(undefined);
  const currentValues = capabilities.data?.currentValues;
  const bands = capabilities.data?.comfortBands;
  const hours = capabilities.data?.comfortHours;

  const exportRows = async () => {
    setExporting(undefined);
    try {
      const rows = await fetchAllAttention(filter);
      const now = Date.now();
      const csv = await toCsv(
        [
          'Room',
          'Level',
          'Building',
          'Site',
          'Measurement',
          'Verdict',
          'Value',
          'Unit',
          'Band',
          'Band source',
          'Out of band since (UTC)',
          'Since known',
          'Out of band for',
          'Reading time (UTC)',
          'Checked (UTC)',
          'Room id',
          'Building id',
          'Measurement id',
        ],
        rows.map((row) => {
          const band = bands?.[row.kind];
          return [
            roomLabel(row),
            row.levelName ?? '',
            displayName(row.buildingName),
            siteLabel(row.siteId, row.siteName),
            kindLabels[row.kind],
            outOfBandWord(row.kind, row.status),
            row.value,
            displayUnit(row.unit),
            band ? describeBand({ ...band, kind: row.kind }) : '',
            band?.source ?? '',
            row.outSince,
            row.outSinceKnown ? 'yes' : 'no, at least since then',
            outFor(row, now),
            row.readingAt,
            row.checkedAt,
            row.roomId,
            row.buildingId,
            row.measurementId,
          ];
        }),
      );
      downloadCsv(`storey-needs-attention${filter.kind ? `-${filter.kind}` : ''}.csv`, csv);
    } catch (error) {
      setExporting(error);
    }
  };

  const buildingName =
    filter.building !== undefined
      ? attention.data?.readings.find((row) => row.buildingId === filter.building)?.buildingName
      : undefined;

  return (
    <Stack spacing={3}>
      <PageTitle title="Needs attention now" freshness={attention.data ? [attention] : undefined} />
      {currentValues && !currentValues.available ? (
        <ConditionsUnavailable feature={currentValues} />
      ) : null}
      {capabilities.isError ? <BandsFailed capabilities={capabilities} /> : null}
      <Stack
        component="search"
        aria-label="Filter rooms"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <NativeSelectFilter
          label="Measurement"
          allLabel="All measurements"
          value={filter.kind ?? ''}
          options={Object.entries(kindLabels)}
          onChange={(kind) => view.change({ kind })}
        />
        <NativeSelectFilter
          label="Site"
          allLabel="All sites"
          value={filter.site ?? ''}
          options={(sites.data ?? []).map(
            (site) => [site.id, siteLabel(site.id, site.name)] as const,
          )}
          onChange={(site) => view.change({ site })}
        />
        <NativeSelectFilter
          label="Order"
          allLabel="Worst first"
          value={filter.sort ?? ''}
          options={[['longest', 'Longest out of band first']]}
          onChange={(sort) => view.change({ sort })}
        />
        {filter.building ? (
          <Chip
            label={`Building: ${buildingName ? displayName(buildingName) : filter.building}`}
            onClick={() => view.change({ building: undefined })}
            onDelete={() => view.change({ building: undefined })}
            aria-label={`Showing one building, ${buildingName ? displayName(buildingName) : filter.building}; remove to show all`}
          />
        ) : null}
        <Button
          variant="outlined"
          disabled={!attention.data || attention.data.total === 0}
          onClick={() => void exportRows()}
        >
          Export CSV
        </Button>
      </Stack>
      {exporting ? <ExportFailedAlert error={exporting} /> : null}
      {attention.isError ? (
        <ErrorState
          what="the rooms that need attention"
          error={attention.error}
          onRetry={() => void attention.refetch()}
        />
      ) : attention.data === undefined ? (
        <LoadingSkeleton label="Loading the rooms that need attention" />
      ) : (
        <AttentionList
          answer={attention.data}
          now={attention.dataUpdatedAt}
          bands={bands}
          hours={hours}
          offered={currentValues?.available !== false}
        />
      )}
    </Stack>
  );
}

function AttentionList({
  answer,
  now,
  bands,
  hours,
  offered,
}: {
  answer: Attention;
  now: number;
  bands: ComfortBands | undefined;
  hours: ComfortHours | undefined;
  offered: boolean;
}) {
  const { checks } = answer;
  const rows = answer.readings;
  return (
    <>
      <Box
        component="section"
        aria-label="Figures"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <StatCard label="Rooms out of band" value={formatCount(answer.rooms)} />
        <StatCard label="Readings out of band" value={formatCount(answer.total)} />
        <StatCard
          label="Buildings checked"
          value={`${formatCount(checks.checked)} of ${formatCount(checks.buildings)}`}
          note="with devices"
        />
      </Box>
      <ChecksNote answer={answer} now={now} hours={hours} offered={offered} />
      {rows.length === 0 ? (
        <EmptyState title="No room needs attention">
          {checks.checked === 0
            ? 'No building has been checked yet.'
            : `Every room checked is within its comfort band, outside its comfort hours${hours ? ` (${hours.label} on its site's clock)` : ''}, or its sensors have not reported in the last hour.`}
        </EmptyState>
      ) : (
        <>
          <Typography role="status" color="text.secondary">
            {countOf(answer.total, 'reading')} out of band in {countOf(answer.rooms, 'room')}
            {answer.total > rows.length
              ? `; the first ${formatCount(rows.length)} are shown, the CSV has them all`
              : ''}
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Rooms out of band">
              <TableHead>
                <TableRow>
                  <TableCell>Room</TableCell>
                  <TableCell>Building</TableCell>
                  <TableCell>Measurement</TableCell>
                  <TableCell align="right">Now</TableCell>
                  <TableCell>Band</TableCell>
                  <TableCell>Out of band for</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const band = bands?.[row.kind];
                  const unit = displayUnit(row.unit);
                  return (
                    <TableRow key={row.measurementId}>
                      <TableCell>
                        <Link component={RouterLink} to={roomHref(row)}>
                          {roomLabel(row)}
                        </Link>
                        {row.levelName ? (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            {row.levelName}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={paths.building(row.buildingId)}>
                          {displayName(row.buildingName)}
                        </Link>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                        >
                          {siteLabel(row.siteId, row.siteName)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Stack
                          direction="row"
                          spacing={1}
                          useFlexGap
                          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                        >
                          <span>{kindLabels[row.kind]}</span>
                          <OutOfBandChip
                            kind={row.kind}
                            status={row.status}
                            label={kindLabels[row.kind]}
                          />
                        </Stack>
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                      >
                        {numberFormat.format(row.value)}
                        {unit ? ` ${unit}` : ''}
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: 'block' }}
                        >
                          <time
                            dateTime={row.readingAt}
                            title={clock.format(Date.parse(row.readingAt))}
                          >
                            {formatAge(now - Date.parse(row.readingAt))}
                          </time>
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {band ? describeBand({ ...band, kind: row.kind }) : '—'}
                        {band ? (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            {band.source}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <time
                          dateTime={row.outSince}
                          title={`Since ${clock.format(Date.parse(row.outSince))}`}
                        >
                          {outFor(row, now)}
                        </time>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </>
  );
}

/** How recent and complete the server's checks are, and what they cost the platform. */
function ChecksNote({
  answer,
  now,
  hours,
  offered,
}: {
  answer: Attention;
  now: number;
  hours: ComfortHours | undefined;
  offered: boolean;
}) {
  const { checks, refresh } = answer;
  const every = `every ${formatCount(refresh.everyMinutes)} minute${refresh.everyMinutes === 1 ? '' : 's'}`;
  const budget = `at most ${formatCount(refresh.requestBudget)} platform requests each time`;
  return (
    <Paper variant="outlined" component="section" aria-label="How current this is" sx={{ p: 2 }}>
      <Typography>
        {checks.checked === 0
          ? offered
            ? `Storey has not read any building's current values yet. It reads them ${every}, ${budget}.`
            : 'Storey cannot read current values from this platform, so no room is checked.'
          : [
              `Storey reads the buildings' current values ${every}, ${budget}, those checked longest ago first.`,
              checks.checked < checks.buildings
                ? `${formatCount(checks.buildings - checks.checked)} of ${formatCount(checks.buildings)} buildings with devices have not been checked yet.`
                : '',
              checks.oldestCheckAt
                ? `The oldest check is from ${formatAge(now - Date.parse(checks.oldestCheckAt))}.`
                : '',
            ]
              .filter(Boolean)
              .join(' ')}
      </Typography>
      {checks.lastRound?.error ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The last check stopped early: {checks.lastRound.error}.
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        A reading counts when its sensor reported in the hour before its building was checked. “At
        least” means the room was already out of band when Storey first read it.
        {hours
          ? hours.label === 'around the clock'
            ? ' The bands apply around the clock.'
            : ` The bands apply ${hours.label} on each site's clock: a room read outside those hours is not listed.`
          : ''}
      </Typography>
    </Paper>
  );
}
