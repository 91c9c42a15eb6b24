import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { PageTitle } from '@/components/page-title';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuildings } from '@/api/get-buildings';
import { useIndexStatus } from '@/api/get-index-status';
import { useSites } from '@/api/get-sites';
import type { Building, Site } from '@/api/platform-schemas';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { paths } from '@/config/paths';
import { areaUnit, formatAreaValue, formatCount, siteLabel } from '@/lib/format';
import { sumByGroup, type GroupSums } from '@/domain/group-sums';
import type { UrlView } from '@/lib/use-url-params';
import { totalsQueryOptions, type TotalsGroup } from '@/api/get-totals';
import { DebouncedTextField } from '@/components/debounced-text-field';
import { downloadCsv, fileSlug, toCsv } from '@/lib/csv';
import {
  totalsCsvTable,
  totalsSortable,
  viewTotals,
  type TotalsColumn,
} from '../utils/totals-view';
import { TotalsTable } from './totals-table';

interface SiteSummary extends GroupSums {
  place: string;
}

/** Sums come from the buildings the account sees, so they agree with the portfolio page. */
export function summarizeSites(
  sites: readonly Site[],
  buildings: readonly Building[],
): SiteSummary[] {
  const byId = new Map(sites.map((site) => [site.id, site]));
  return sumByGroup(
    buildings,
    (building) => building.siteId,
    (id) => siteLabel(id, byId.get(id)?.name),
    sites.map((site) => site.id),
  )
    .map((sums) => {
      const site = byId.get(sums.id);
      return { ...sums, place: [site?.city, site?.country].filter(Boolean).join(', ') };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The table's state the route keeps in the URL. */
export const sitesViewKeys = ['by', 'q', 'sort', 'dir'] as const;
type SitesView = UrlView<(typeof sitesViewKeys)[number]>;

/**
 * Sums and shares by site or by organization from the portfolio index: every one of them, with
 * the portfolio's total, filtered by name or organization, sortable, exported as shown (state in
 * the URL: by, q, sort, dir).
 */
function IndexTotals({ view }: { view: SitesView }) {
  const update = view.change;
  const by: TotalsGroup = view.values.by === 'organization' ? 'organization' : 'site';
  const sortParam = view.values.sort ?? 'area';
  const sort = (
    totalsSortable.has(sortParam) && !(by === 'organization' && sortParam === 'organization')
      ? sortParam
      : 'area'
  ) as TotalsColumn;
  const descending = view.values.dir
    ? view.values.dir === 'desc'
    : sort !== 'name' && sort !== 'organization';
  const filter = view.values.q ?? '';
  const totals = useQuery(totalsQueryOptions(by));
  const shown = useMemo(
    () => (totals.data ? viewTotals(totals.data, { by, filter, sort, descending }) : undefined),
    [totals.data, by, filter, sort, descending],
  );
  const plural = by === 'site' ? 'sites' : 'organizations';
  return (
    <Stack spacing={2}>
      <PageTitle title="Sites" freshness={[totals]} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={by}
          onChange={(_event, value: TotalsGroup | null) => {
            if (value) update({ by: value === 'site' ? undefined : value });
          }}
          aria-label="Totals by"
        >
          <ToggleButton value="site">By site</ToggleButton>
          <ToggleButton value="organization">By organization</ToggleButton>
        </ToggleButtonGroup>
        <DebouncedTextField
          size="small"
          label={by === 'site' ? 'Filter sites' : 'Filter organizations'}
          placeholder={by === 'site' ? 'Name or organization' : 'Name'}
          value={filter}
          onCommit={(text) => update({ q: text.trim() === '' ? undefined : text })}
          sx={{ minWidth: 220 }}
        />
        <Button
          variant="outlined"
          size="small"
          disabled={!shown || shown.rows.length === 0}
          onClick={() => {
            if (!totals.data || !shown) return;
            const table = totalsCsvTable(by, totals.data, shown);
            void toCsv(table.fields, table.rows).then((csv) =>
              downloadCsv(`storey-${plural}-${fileSlug(filter)}.csv`, csv),
            );
          }}
        >
          Export CSV
        </Button>
      </Stack>
      {totals.data && shown ? (
        <TotalsTable
          by={by}
          totals={totals.data}
          view={shown}
          sort={sort}
          descending={descending}
          onSort={(column) =>
            update({
              sort: column === 'area' ? undefined : column,
              dir: column === sort ? (descending ? 'asc' : 'desc') : undefined,
            })
          }
        />
      ) : totals.isError ? (
        <ErrorState what="the totals" error={totals.error} onRetry={() => void totals.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading the totals" />
      )}
    </Stack>
  );
}

export function SitesPage({ view }: { view: SitesView }) {
  const index = useIndexStatus();
  // Which of the two pages this is depends on the index: never show one and swap to the other.
  if (index.isPending)
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Sites
        </Typography>
        <LoadingSkeleton label="Loading the sites" />
      </Stack>
    );
  if (index.data?.served) return <IndexTotals view={view} />;
  return <SitesFromListings />;
}

/** Where the server keeps no index: sums of the buildings this browser has listed. */
function SitesFromListings() {
  const sites = useSites();
  const buildings = useBuildings();
  const summaries = useMemo(
    () => (sites.data && buildings.data ? summarizeSites(sites.data, buildings.data) : []),
    [sites.data, buildings.data],
  );

  const header = (
    <Typography variant="h4" component="h1">
      Sites
    </Typography>
  );
  // Loading and failure keep the page's title.
  const framed = (content: React.ReactNode) => (
    <Stack spacing={3}>
      {header}
      {content}
    </Stack>
  );
  // A failed refresh keeps what was shown (marked stale by DataFreshness).
  if (
    (sites.data === undefined && !sites.isError) ||
    (buildings.data === undefined && !buildings.isError)
  )
    return framed(<LoadingSkeleton label="Loading the sites" />);
  if (sites.data === undefined)
    return framed(
      <ErrorState what="the sites" error={sites.error} onRetry={() => void sites.refetch()} />,
    );
  if (buildings.data === undefined)
    return framed(
      <ErrorState
        what="the buildings"
        error={buildings.error}
        onRetry={() => void buildings.refetch()}
      />,
    );
  if (summaries.length === 0) {
    return (
      <Stack spacing={3}>
        {header}
        <EmptyState title="This account sees no sites">
          The platform shares no sites with Storey's service account.
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <PageTitle title="Sites" freshness={[sites, buildings]} />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Sites">
          <TableHead>
            <TableRow>
              <TableCell>Site</TableCell>
              <TableCell>Location</TableCell>
              <TableCell align="right">Buildings</TableCell>
              <TableCell align="right">Area ({areaUnit})</TableCell>
              <TableCell align="right">Floors</TableCell>
              <TableCell align="right">Spaces</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summaries.map((site) => (
              <TableRow key={site.id} hover>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={paths.portfolio({ site: site.id })}
                    aria-label={`${site.label}: show its buildings in the portfolio`}
                  >
                    {site.label}
                  </Link>
                </TableCell>
                <TableCell>{site.place}</TableCell>
                <TableCell align="right">{formatCount(site.buildings)}</TableCell>
                <TableCell align="right">{formatAreaValue(site.area)}</TableCell>
                <TableCell align="right">{formatCount(site.floors)}</TableCell>
                <TableCell align="right">{formatCount(site.spaces)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
