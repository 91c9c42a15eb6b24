import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { Link as RouterLink } from 'react-router-dom';
import { useCapabilities } from '@/api/get-capabilities';
import {
  energyQueryOptions,
  type Energy,
  type EnergyBuilding,
  type EnergyPeriodSpan,
  type EnergyQuery,
  type EnergyReason,
} from '@/api/get-energy';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { StatCard } from '@/components/stat-card';
import { paths } from '@/config/paths';
import {
  compareReasonWords,
  energyReasonCounts,
  energyReasonWords,
  intensityIn,
  intensityUnits,
  type IntensityUnit,
} from '@/domain/energy-intensity';
import { displayName, formatAge, formatCount, siteLabel } from '@/lib/format';

const kwhFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const intensityFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const percentFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "The last 30 whole days, 26 Oct 2026 to 24 Nov 2026" or "The last 12 whole months, …". */
export function periodWords(period: EnergyPeriodSpan): string {
  return period.kind === '12-months'
    ? `The last 12 whole months, ${monthFormat.format(Date.parse(period.from))} to ${monthFormat.format(Date.parse(period.to))}`
    : `The last ${period.days} whole days, ${dateFormat.format(Date.parse(period.from))} to ${dateFormat.format(Date.parse(period.to))}`;
}

/** "2 without a meter, 7 whose sites keep fewer days than the period": why the rest are out. */
export function coverageWords(coverage: Energy['coverage']): string {
  const out = coverage.buildings - coverage.ranked;
  const parts = (Object.entries(coverage.out) as Array<[EnergyReason, number]>)
    .filter(([, count]) => count > 0)
    .map(
      ([reason, count]) =>
        `${formatCount(count)} ${energyReasonCounts[reason][count === 1 ? 0 : 1]}`,
    );
  return `${formatCount(coverage.ranked)} of ${formatCount(coverage.buildings)} buildings have a figure${
    out > 0 ? `; ${formatCount(out)} do not: ${parts.join(', ')}` : ''
  }.`;
}

const listOptions = [
  ['out', 'Not ranked, and why'],
  ['stopped', 'Meters that stopped or are stuck'],
] as const;
const periodOptions = [['12-months', 'Last 12 months']] as const;
const sortOptions = [
  ['use', 'Highest use first'],
  ['change', 'Largest increase first'],
] as const;
// A year is not compared with the year before: the index keeps twelve months.
const yearSortOptions = [['use', 'Highest use first']] as const;

/**
 * /energy: every building's electricity over the last 30 whole days or the last 12 whole months
 * of its site's clock, ranked by kWh per m², with how many buildings have that figure and why
 * each other has not. The server
 * reads the meters once for everyone (server/portfolio-index/energy.ts); this page reads its
 * answer.
 */
export function EnergyPage({
  query,
  unit,
  onChange,
}: {
  query: EnergyQuery;
  unit: IntensityUnit;
  onChange: (change: { period?: string; list?: string; sort?: string; unit?: string }) => void;
}) {
  const energy = useQuery(energyQueryOptions(query));
  const capabilities = useCapabilities();
  const history = capabilities.data?.history;
  return (
    <Stack spacing={3}>
      <PageTitle title="Energy" freshness={energy.data ? [energy] : undefined} />
      {history && !history.available ? (
        <Alert severity="info" variant="outlined">
          Energy is not shown: {history.reason ?? 'the platform does not offer historical values'}.
        </Alert>
      ) : null}
      <Stack
        component="search"
        aria-label="Choose a list"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <NativeSelectFilter
          label="Period"
          allLabel="Last 30 days"
          value={query.period === '30-days' ? '' : query.period}
          options={periodOptions}
          onChange={(period) => onChange({ period })}
          minWidth={180}
        />
        <NativeSelectFilter
          label="List"
          allLabel="Ranked by kWh per m²"
          value={query.list === 'ranked' ? '' : query.list}
          options={listOptions}
          onChange={(list) => onChange({ list })}
          minWidth={240}
        />
        {query.list === 'ranked' ? (
          <NativeSelectFilter
            label="Order"
            allLabel="Highest intensity first"
            value={query.sort === 'intensity' ? '' : query.sort}
            options={query.period === '12-months' ? yearSortOptions : sortOptions}
            onChange={(sort) => onChange({ sort })}
            minWidth={220}
          />
        ) : null}
        <NativeSelectFilter
          label="Intensity in"
          allLabel={intensityUnits['kwh-m2'].label}
          value={unit === 'kwh-m2' ? '' : unit}
          options={[['kbtu-ft2', intensityUnits['kbtu-ft2'].label]]}
          onChange={(value) => onChange({ unit: value })}
        />
      </Stack>
      {energy.isError ? (
        <ErrorState
          what="the portfolio's energy"
          error={energy.error}
          onRetry={() => void energy.refetch()}
        />
      ) : energy.data === undefined ? (
        <LoadingSkeleton label="Loading the portfolio's energy" />
      ) : (
        <EnergyFigures answer={energy.data} query={query} unit={unit} now={energy.dataUpdatedAt} />
      )}
    </Stack>
  );
}

function EnergyFigures({
  answer,
  query,
  unit,
  now,
}: {
  answer: Energy;
  query: EnergyQuery;
  unit: IntensityUnit;
  /** When the answer arrived: what a meter's last reading is aged against. */
  now: number;
}) {
  const { coverage, period } = answer;
  if (!answer.rankedAt || !period)
    return (
      <EmptyState title="The meters have not been read yet">
        Storey reads each building's meter day by day after it has checked the buildings' current
        values, every {answer.refresh.everyMinutes} minutes. Come back in a few minutes.
      </EmptyState>
    );
  const unitLabel = intensityUnits[unit].label;
  const rows = answer.buildings;
  return (
    <>
      <Box
        component="section"
        aria-label="Figures"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard
          label="Portfolio intensity"
          value={
            answer.portfolioIntensity === null
              ? 'None yet'
              : `${intensityFormat.format(intensityIn(answer.portfolioIntensity, unit))} ${unitLabel}`
          }
          note={`the ${formatCount(coverage.ranked)} ranked buildings together`}
        />
        <StatCard
          label="Buildings with a figure"
          value={`${formatCount(coverage.ranked)} of ${formatCount(coverage.buildings)}`}
        />
        <StatCard
          label="Meters that stopped"
          value={formatCount(coverage.stoppedMeters)}
          note="nothing sent for 6 hours"
        />
        <StatCard
          label="Meters stuck"
          value={formatCount(coverage.stuckMeters)}
          note="readings, but no use on a whole day"
        />
      </Box>
      <Typography role="status">
        {periodWords(period)}, midnight to midnight on each site's clock. {coverageWords(coverage)}
      </Typography>
      {rows.length === 0 ? (
        <EmptyState
          title={
            query.list === 'ranked'
              ? 'No building has a figure yet'
              : query.list === 'out'
                ? 'Every building has a figure'
                : 'Every meter is reporting and counting'
          }
        >
          {query.list === 'ranked'
            ? 'A building is ranked once it has a floor area and its meter has been read for every day of the period.'
            : ''}
        </EmptyState>
      ) : (
        <>
          {answer.total > rows.length ? (
            <Typography color="text.secondary">
              The first {formatCount(rows.length)} of {formatCount(answer.total)} are shown.
            </Typography>
          ) : null}
          <TableContainer component={Paper} variant="outlined">
            {query.list === 'ranked' ? (
              <RankedTable rows={rows} offset={query.offset} unit={unit} period={period} />
            ) : query.list === 'out' ? (
              <OutTable rows={rows} days={period.days} />
            ) : (
              <StoppedTable rows={rows} now={now} />
            )}
          </TableContainer>
        </>
      )}
    </>
  );
}

function BuildingCell({ row }: { row: EnergyBuilding }) {
  return (
    <TableCell>
      <Link component={RouterLink} to={paths.building(row.id)}>
        {displayName(row.name)}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {siteLabel(row.siteId, row.siteName)}
      </Typography>
    </TableCell>
  );
}

function RankedTable({
  rows,
  offset,
  unit,
  period,
}: {
  rows: EnergyBuilding[];
  offset: number;
  unit: IntensityUnit;
  period: EnergyPeriodSpan;
}) {
  const days = period.days;
  const compared = period.kind === '30-days';
  return (
    <Table size="small" aria-label="Buildings ranked by energy use intensity">
      <TableHead>
        <TableRow>
          <TableCell align="right">#</TableCell>
          <TableCell>Building</TableCell>
          <TableCell align="right">{intensityUnits[unit].label}</TableCell>
          <TableCell align="right">Use (kWh)</TableCell>
          <TableCell align="right">Area (m²)</TableCell>
          {compared ? <TableCell>Against the {days} days before</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={row.id}>
            <TableCell align="right">{formatCount(offset + index + 1)}</TableCell>
            <BuildingCell row={row} />
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {intensityFormat.format(intensityIn(row.intensity!, unit))}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {kwhFormat.format(row.usedKwh!)}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {kwhFormat.format(row.area)}
            </TableCell>
            {compared ? (
              <TableCell>
                {row.change !== null ? (
                  <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {percentFormat.format(row.change)}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      from {kwhFormat.format(row.previousKwh!)} kWh
                    </Typography>
                  </span>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {row.compareReason ? compareReasonWords(row.compareReason, days) : ''}
                  </Typography>
                )}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OutTable({ rows, days }: { rows: EnergyBuilding[]; days: number }) {
  return (
    <Table size="small" aria-label="Buildings without a figure, and why">
      <TableHead>
        <TableRow>
          <TableCell>Building</TableCell>
          <TableCell>Why it has no figure</TableCell>
          <TableCell align="right">Use read (kWh)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <BuildingCell row={row} />
            <TableCell>
              {row.reason
                ? energyReasonWords(row.reason, { coveredDays: row.coveredDays, days })
                : ''}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.usedKwh === null ? '—' : kwhFormat.format(row.usedKwh)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function StoppedTable({ rows, now }: { rows: EnergyBuilding[]; now: number }) {
  return (
    <Table size="small" aria-label="Meters that stopped or are stuck">
      <TableHead>
        <TableRow>
          <TableCell>Building</TableCell>
          <TableCell>Last reading</TableCell>
          <TableCell>Stuck</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <BuildingCell row={row} />
            <TableCell>
              {row.lastReadingAt ? formatAge(now - Date.parse(row.lastReadingAt)) : 'Never'}
            </TableCell>
            <TableCell>
              {row.stuckDays > 0
                ? `Its total stood still on ${formatCount(row.stuckDays)} whole ${row.stuckDays === 1 ? 'day' : 'days'} of the period`
                : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
