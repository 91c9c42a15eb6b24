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
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuildings } from '@/api/get-buildings';
import { useSites } from '@/api/get-sites';
import type { Building, Site } from '@/api/platform-schemas';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { paths } from '@/config/paths';
import { areaUnit, formatArea, formatCount, siteLabel } from '@/lib/format';
import { sumByGroup, type GroupSums } from '@/lib/group-sums';

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

export function SitesPage() {
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
                <TableCell align="right">{formatArea(site.area)}</TableCell>
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
