import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useBuildings } from '@/api/get-buildings';
import { qualityScoresQueryOptions } from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import { StatCard } from '@/components/stat-card';
import { WhenNear } from '@/components/when-near';
import { paths } from '@/config/paths';
import { fileSlug } from '@/lib/csv';
import { plainError } from '@/lib/plain-error';
import type { UrlView } from '@/lib/use-url-params';
import { areaUnit, formatArea, formatCompact, formatCount, siteLabel } from '@/lib/format';
import { filterBuildings, portfolioTotals, siteNames } from '../utils/portfolio-summary';
import { isSortField, sortRows, type BuildingRow } from '../utils/building-columns';
import { BuildingsTable } from './buildings-table';
import { DebouncedTextField } from '@/components/debounced-text-field';
// The charts come after the table, in a chunk of their own with their switch.
const PortfolioCharts = lazy(() =>
  import('./portfolio-charts').then((module) => ({ default: module.PortfolioCharts })),
);

const issueOptions = [['any', 'With errors or warnings']] as const;

/** "storey-buildings-harbour-nice-park.csv": the export says which filters made it. */
function csvName(parts: ReadonlyArray<string | undefined>): string {
  const named = parts.filter((part): part is string => Boolean(part)).map((part) => fileSlug(part));
  return `storey-buildings${named.length > 0 ? `-${named.join('-')}` : ''}.csv`;
}

/** Filters, sort and selection: the route keeps them in the URL (shareable, restored by Back). */
export const portfolioViewKeys = ['q', 'org', 'site', 'sort', 'dir', 'selected', 'issues'] as const;
export type PortfolioView = UrlView<(typeof portfolioViewKeys)[number]>;

function portfolioState({ values, change }: PortfolioView) {
  const sort = values.sort ?? '';
  return {
    filter: {
      search: values.q ?? '',
      organizationId: values.org ?? '',
      siteId: values.site ?? '',
    },
    sortField: isSortField(sort) ? sort : undefined,
    sortDirection: values.dir === 'desc' ? ('desc' as const) : ('asc' as const),
    selectedId: values.selected ?? undefined,
    issues: values.issues === 'any' ? 'any' : '',
    update: change,
  };
}

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

export function PortfolioPage({
  view,
  onOpenBuilding: openBuilding,
}: {
  view: PortfolioView;
  /** Stable, so the table's memoised rows do not all render again on every scroll. */
  onOpenBuilding: (buildingId: string) => void;
}) {
  const buildings = useBuildings();
  const sites = useSites();
  const state = portfolioState(view);
  const { filter } = state;

  const names = useMemo(() => siteNames(sites.data), [sites.data]);
  const organizations = useMemo(() => {
    const map = new Map<string, string>();
    for (const building of buildings.data ?? [])
      map.set(building.organizationId, building.organizationName ?? building.organizationId);
    return [...map].sort((a, b) => a[1].localeCompare(b[1]));
  }, [buildings.data]);
  const siteOptions = useMemo(() => {
    const ids = new Set(
      (buildings.data ?? [])
        .filter((b) => !filter.organizationId || b.organizationId === filter.organizationId)
        .map((b) => b.siteId),
    );
    return [...ids]
      .map((id) => [id, names.get(id) ?? siteLabel(id)] as const)
      .sort((a, b) => a[1].localeCompare(b[1]));
  }, [buildings.data, names, filter.organizationId]);
  // Each building's data-quality score and whether it breaks an error or warning rule, as the
  // server worked them out (the same score its own page and the comparison show).
  const quality = useQuery({
    ...qualityScoresQueryOptions(),
    select: (answer) => {
      const serious = new Set(
        answer.rules.filter((rule) => rule.severity !== 'info').map((rule) => rule.id),
      );
      const rules = new Map(answer.rules.map((rule) => [rule.id, rule]));
      return new Map(
        answer.buildings.map((row) => [
          row.buildingId,
          {
            score: row.score,
            serious: row.ruleIds.some((id) => serious.has(id)),
            // The rules the comparison also reads: a measure whose inputs they read is in doubt.
            broken: row.ruleIds.map((id) => rules.get(id)).filter((rule) => rule !== undefined),
          },
        ]),
      );
    },
  });
  // One function while the scores stay the same: the charts work out 10,000 buildings from it.
  const brokenRules = useCallback(
    (id: string) => quality.data?.get(id)?.broken ?? [],
    [quality.data],
  );
  const filtered = useMemo(
    () =>
      filterBuildings(buildings.data ?? [], filter).filter(
        (building) => !state.issues || quality.data?.get(building.id)?.serious === true,
      ),
    [buildings.data, filter, quality.data, state.issues],
  );
  const rows: BuildingRow[] = useMemo(
    () =>
      sortRows(
        filtered.map((building) => ({
          ...building,
          siteName: names.get(building.siteId) ?? siteLabel(building.siteId),
          qualityScore: quality.data?.get(building.id)?.score ?? null,
        })),
        state.sortField,
        state.sortDirection,
      ),
    [filtered, names, quality.data, state.sortField, state.sortDirection],
  );
  const totals = useMemo(() => portfolioTotals(filtered), [filtered]);

  const header = (
    <Typography variant="h4" component="h1">
      Portfolio
    </Typography>
  );
  // Loading and failure keep the page's title: people see where they are and what is wrong.
  // A failed refresh keeps the figures already shown (marked stale by DataFreshness).
  if (buildings.data === undefined && !buildings.isError)
    return (
      <Stack spacing={3}>
        {header}
        <LoadingSkeleton label="Loading the portfolio" rows={10} />
      </Stack>
    );
  if (buildings.data === undefined)
    return (
      <Stack spacing={3}>
        {header}
        <ErrorState
          what="the buildings"
          error={buildings.error}
          onRetry={() => void buildings.refetch()}
        />
      </Stack>
    );
  if (buildings.data.length === 0) {
    return (
      <Stack spacing={3}>
        {header}
        <EmptyState title="This account sees no buildings">
          The platform answered, but none of its buildings are shared with Storey's service account.
          Ask your platform administrator to grant access.
        </EmptyState>
      </Stack>
    );
  }

  const filtering = Boolean(
    filter.search || filter.organizationId || filter.siteId || state.issues,
  );
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
    <Stack spacing={3}>
      <PageTitle title="Portfolio" freshness={[buildings, sites]} />
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
          onCommit={(q) => state.update({ q })}
          sx={{ flex: 2 }}
        />
        <NativeSelectFilter
          label="Organization"
          allLabel="All organizations"
          value={filter.organizationId}
          options={organizations}
          onChange={(org) => state.update({ org, site: undefined })}
          minWidth={180}
        />
        <NativeSelectFilter
          label="Site"
          allLabel="All sites"
          value={filter.siteId}
          options={siteOptions}
          onChange={(site) => state.update({ site })}
        />
        <NativeSelectFilter
          label="Data quality"
          allLabel="All buildings"
          value={state.issues}
          options={issueOptions}
          onChange={(issues) => state.update({ issues })}
        />
        {filtering ? (
          <Button
            onClick={() =>
              state.update({
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
          note={filtering ? `of ${formatCount(buildings.data.length)}` : undefined}
        />
        <StatCard label="Floors" value={formatCount(totals.floors)} />
        <StatCard label="Spaces" value={formatCount(totals.spaces)} />
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
          note={totals.area >= 1_000_000 ? `${formatArea(totals.area)} exactly` : undefined}
        />
      </Stack>

      <BuildingsTable
        rows={rows}
        sortField={state.sortField}
        sortDirection={state.sortDirection}
        onSort={(field, direction) => state.update({ sort: field, dir: direction })}
        selectedId={state.selectedId}
        onOpen={openBuilding}
        fileName={csvName([
          filter.search,
          organizations.find(([id]) => id === filter.organizationId)?.[1],
          siteOptions.find(([id]) => id === filter.siteId)?.[1],
          state.issues ? 'with-issues' : undefined,
        ])}
      />

      {/* The charts follow the table: the buildings are what most people came for. Their code
          (recharts) loads when the person scrolls near them, not with the first screen. */}
      {filtered.length > 0 ? (
        <WhenNear placeholder={<ChartsPlaceholder />}>
          <Suspense fallback={<LoadingSkeleton label="Loading the charts" rows={2} />}>
            <PortfolioCharts
              buildings={filtered}
              siteNames={names}
              wholePortfolio={!filtering}
              brokenRules={brokenRules}
            />
          </Suspense>
        </WhenNear>
      ) : null}
    </Stack>
  );
}
