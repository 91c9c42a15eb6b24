import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCapabilities } from '@/api/get-capabilities';
import { energyQueryOptions, type Energy } from '@/api/get-energy';
import type { EnergyListQuery } from '@/shared/contracts/energy';
import { FilterBar } from '@/components/filter-bar';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { StatCard } from '@/components/stat-card';
import { intensityIn, intensityUnits, type IntensityUnit } from '@/domain/energy-intensity';
import { formatCount } from '@/lib/format';
import { coverageWords, emptyListTitle, intensityFormat, periodWords } from '../utils/energy-words';
import { OutTable, RankedTable, StoppedTable } from './energy-tables';

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
  query: EnergyListQuery;
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
      <FilterBar label="Choose a list">
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
      </FilterBar>
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
  query: EnergyListQuery;
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
        <EmptyState title={emptyListTitle(query.list)}>
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
