import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import { StatCard } from '@/components/stat-card';
import { WhenNear } from '@/components/when-near';
import { DebouncedTextField } from '@/components/debounced-text-field';
import { paths } from '@/config/paths';
import { plainError } from '@/lib/plain-error';
import { areaUnit, formatArea, formatCompact, formatCount } from '@/lib/format';
import { usePortfolioModel } from '../hooks/use-portfolio-model';
import type { PortfolioView } from '../utils/portfolio-model';
import { BuildingsTable } from './buildings-table';
// The charts come after the table, in a chunk of their own with their switch.
const PortfolioCharts = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.PortfolioCharts })),
);

const issueOptions = [['any', 'With errors or warnings']] as const;

/** Where the charts will be: their heading, and room for them so nothing jumps when they come. */
function ChartsPlaceholder() {
  return (
    <Box component="section" aria-label="Charts" sx={{ minHeight: 720, displayPrint: 'none' }}>
      <Typography variant="h6" component="h2">
        Charts
      </Typography>
    </Box>
  );
}

/** The page while the buildings load, when they failed, or when the account sees none. */
function PortfolioNotShown({
  buildings,
  listed,
}: {
  buildings: PortfolioModel['buildings'];
  listed: boolean;
}) {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Portfolio
      </Typography>
      {listed ? (
        <EmptyState title="This account sees no buildings">
          The platform answered, but none of its buildings are shared with Storey's service account.
          Ask your platform administrator to grant access.
        </EmptyState>
      ) : buildings.isError ? (
        <ErrorState
          what="the buildings"
          error={buildings.error}
          onRetry={() => void buildings.refetch()}
        />
      ) : (
        <LoadingSkeleton label="Loading the portfolio" rows={10} />
      )}
    </Stack>
  );
}

export function PortfolioPage({
  view,
  onOpenBuilding: openBuilding,
  lead,
}: {
  view: PortfolioView;
  /** What comes first under the title, before the inventory: what needs doing now. */
  lead?: ReactNode;
  /** Stable, so the table's memoised rows do not all render again on every scroll. */
  onOpenBuilding: (buildingId: string) => void;
}) {
  const model = usePortfolioModel(view);
  const { buildings, sites, quality, state, update, totals, filtered, filtering } = model;

  // Loading and failure keep the page's title: people see where they are and what is wrong.
  // A failed refresh keeps the figures already shown (marked stale by DataFreshness).
  const { listing } = model;
  if (listing === undefined || listing.length === 0)
    return <PortfolioNotShown buildings={buildings} listed={listing !== undefined} />;

  return (
    <Stack spacing={3}>
      <PageTitle title="Portfolio" freshness={[buildings, sites]} />
      {lead}
      {sites.isError ? (
        <Alert severity="warning">
          Site names could not be loaded; sites are shown by their id.
        </Alert>
      ) : null}
      {quality.isError ? (
        <Alert severity="info">
          Quality scores are not shown. {plainError(quality.error).headline}{' '}
          {plainError(quality.error).next}
        </Alert>
      ) : null}
      <PortfolioFilters model={model} />
      <HeadlineFigures totals={totals} listed={listing.length} filtering={filtering} />

      <BuildingsTable
        rows={model.rows}
        sortField={state.sortField}
        sortDirection={state.sortDirection}
        onSort={(field, direction) => update({ sort: field, dir: direction })}
        selectedId={state.selectedId}
        onOpen={openBuilding}
        fileName={model.csvName}
      />

      {/* The charts follow the table: the buildings are what most people came for. Their code
          (recharts) loads when the person scrolls near them, not with the first screen. */}
      {filtered.length > 0 ? (
        <WhenNear placeholder={<ChartsPlaceholder />}>
          <Suspense fallback={<LoadingSkeleton label="Loading the charts" rows={2} />}>
            <PortfolioCharts
              buildings={filtered}
              siteNames={model.names}
              twins={model.twins}
              wholePortfolio={!filtering}
              brokenRules={model.brokenRules}
            />
          </Suspense>
        </WhenNear>
      ) : null}
    </Stack>
  );
}

type PortfolioModel = ReturnType<typeof usePortfolioModel>;

/** Search, organization, site and data quality: the filters the URL keeps. */
function PortfolioFilters({ model }: { model: PortfolioModel }) {
  const { state, update, filtering } = model;
  const { filter } = state;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      component="search"
      aria-label="Filter buildings"
    >
      <DebouncedTextField
        label="Search name or reference"
        size="small"
        value={filter.search}
        onCommit={(q) => update({ q })}
        sx={{ flex: 2 }}
      />
      <NativeSelectFilter
        label="Organization"
        allLabel="All organizations"
        value={filter.organizationId}
        options={model.organizations}
        onChange={(org) => update({ org, site: undefined })}
        minWidth={180}
      />
      <NativeSelectFilter
        label="Site"
        allLabel="All sites"
        value={filter.siteId}
        options={model.siteOptions}
        onChange={(site) => update({ site })}
      />
      <NativeSelectFilter
        label="Data quality"
        allLabel="All buildings"
        value={state.issues}
        options={issueOptions}
        onChange={(issues) => update({ issues })}
      />
      {filtering ? (
        <Button
          onClick={() =>
            update({
              q: undefined,
              org: undefined,
              site: undefined,
              selected: undefined,
              issues: undefined,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}

/** The headline sums of the buildings shown, each saying over how many buildings it runs. */
function HeadlineFigures({
  totals,
  listed,
  filtering,
}: {
  totals: PortfolioModel['totals'];
  /** Buildings in the whole listing. */
  listed: number;
  filtering: boolean;
}) {
  // A sum that leaves out buildings whose figure is unknown says over how many it runs.
  const partialNote = (known: number, all: number) =>
    known === all ? undefined : `over ${formatCount(known)} of ${formatCount(all)} buildings`;
  // An exclusion links to the rule that explains it.
  const countsNote =
    totals.buildingsWithCounts === totals.buildings ? (
      `over all ${formatCount(totals.buildings)} buildings`
    ) : (
      <>
        over {formatCount(totals.buildingsWithCounts)} of {formatCount(totals.buildings)} buildings;{' '}
        <Link component={RouterLink} to={paths.quality({ rule: 'counts-not-included' })}>
          the others' counts are not included
        </Link>
      </>
    );
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 2 }}
      component="section"
      aria-label="Headline figures"
    >
      <StatCard
        label="Buildings"
        value={formatCount(totals.buildings)}
        note={filtering ? `of ${formatCount(listed)}` : undefined}
      />
      <StatCard
        label="Floors"
        value={formatCount(totals.floors)}
        note={partialNote(totals.floorBuildings, totals.buildings)}
      />
      <StatCard
        label="Spaces"
        value={formatCount(totals.spaces)}
        note={partialNote(totals.spaceBuildings, totals.buildings)}
      />
      <StatCard label="Devices" value={formatCount(totals.devices)} note={countsNote} />
      <StatCard label="Measurements" value={formatCount(totals.measurements)} note={countsNote} />
      {/* Millions of m² fit the card in short ("273M m²"); the exact figure stands beneath. */}
      <StatCard
        label="Total area"
        value={
          totals.area >= 1_000_000
            ? `${formatCompact(totals.area)} ${areaUnit}`
            : formatArea(totals.area)
        }
        note={
          [
            totals.area >= 1_000_000 ? `${formatArea(totals.area)} exactly` : '',
            partialNote(totals.areaBuildings, totals.buildings) ?? '',
          ]
            .filter(Boolean)
            .join('; ') || undefined
        }
      />
    </Stack>
  );
}
