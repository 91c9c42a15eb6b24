import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  attentionFilterOf,
  attentionListLimit,
  attentionQueryOptions,
  fetchAllAttention,
  type Attention,
  type AttentionFilter,
  type attentionViewKeys,
} from '@/api/get-attention';
import { useCapabilities } from '@/api/get-capabilities';
import { useSites } from '@/api/get-sites';
import { FilterBar } from '@/components/filter-bar';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import {
  EmptyState,
  ErrorState,
  ExportFailedAlert,
  LoadingSkeleton,
} from '@/components/query-states';
import { StatCard } from '@/components/stat-card';
import type { ComfortBands, ComfortHours } from '@/shared/rules/comfort';
import { downloadCsv, toCsv } from '@/lib/csv';
import { countOf, formatCount } from '@/lib/format';
import { siteFilterOptions } from '@/domain/site-options';
import type { UrlView } from '@/lib/use-url-params';
import {
  attentionCsv,
  attentionCsvName,
  checksSentence,
  chosenBuildingName,
  coveredNote,
  emptyListWords,
  kindLabels,
} from '../utils/attention-model';
import { AttentionTable } from './attention-table';
import { BandsFailed, ConditionsUnavailable } from './conditions-unavailable';

/** Every reading under the filter as a CSV, its durations as of the export (read just now). */
async function downloadAttention(filter: AttentionFilter, bands: ComfortBands | undefined) {
  const csv = attentionCsv(await fetchAllAttention(filter), bands, Date.now());
  downloadCsv(attentionCsvName(filter), await toCsv(csv.header, csv.rows));
}

/** The list's filters (measurement, site, order, one building) and its export. */
function AttentionFilters({
  view,
  filter,
  sites,
  buildingName,
  canExport,
  onExport,
}: {
  view: UrlView<(typeof attentionViewKeys)[number]>;
  filter: AttentionFilter;
  sites: Parameters<typeof siteFilterOptions>[0];
  buildingName: string | undefined;
  canExport: boolean;
  onExport: () => void;
}) {
  return (
    <FilterBar label="Filter rooms">
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
        options={siteFilterOptions(sites)}
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
          label={`Building: ${buildingName}`}
          onClick={() => view.change({ building: undefined })}
          onDelete={() => view.change({ building: undefined })}
          aria-label={`Showing one building, ${buildingName}; remove to show all`}
        />
      ) : null}
      <Button variant="outlined" disabled={!canExport} onClick={onExport}>
        Export CSV
      </Button>
    </FilterBar>
  );
}

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
      await downloadAttention(filter, bands);
    } catch (error) {
      setExporting(error);
    }
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Needs attention now" freshness={attention.data ? [attention] : undefined} />
      {currentValues && !currentValues.available ? (
        <ConditionsUnavailable feature={currentValues} />
      ) : null}
      {capabilities.isError ? <BandsFailed capabilities={capabilities} /> : null}
      <AttentionFilters
        view={view}
        filter={filter}
        sites={sites.data}
        buildingName={chosenBuildingName(filter, attention.data?.readings)}
        canExport={attention.data !== undefined && attention.data.total > 0}
        onExport={() => void exportRows()}
      />
      <Typography variant="body2" color="text.secondary">
        {filter.sort === 'longest'
          ? 'Longest out of band first: the rooms that left their band earliest lead.'
          : 'Worst first: how far each reading is outside its band, measured in band widths, so a temperature and a CO₂ reading rank on one scale (26 °C against 20–24 °C is half a width out).'}
      </Typography>
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
        <StatCard
          label="Rooms out of band"
          value={formatCount(answer.rooms)}
          note={coveredNote(checks)}
        />
        <StatCard
          label="Readings out of band"
          value={formatCount(answer.readingsOut)}
          note={coveredNote(checks)}
        />
        <StatCard
          label="Buildings checked"
          value={`${formatCount(checks.checked)} of ${formatCount(checks.buildings)}`}
          note="with devices"
        />
      </Box>
      <ChecksNote answer={answer} now={now} hours={hours} offered={offered} />
      {rows.length === 0 ? (
        <EmptyState title="No room needs attention">{emptyListWords(answer, hours)}</EmptyState>
      ) : (
        <>
          <Typography role="status" color="text.secondary">
            {countOf(answer.readingsOut, 'reading')} out of band in {countOf(answer.rooms, 'room')},
            a row per room and measure
            {answer.total > rows.length
              ? `; the first ${formatCount(rows.length)} of ${formatCount(answer.total)} rows are shown, the CSV has them all`
              : ''}
          </Typography>
          <AttentionTable rows={rows} now={now} bands={bands} />
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
  const { checks } = answer;
  return (
    <Paper variant="outlined" component="section" aria-label="How current this is" sx={{ p: 2 }}>
      <Typography>{checksSentence(answer, now, offered)}</Typography>
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
