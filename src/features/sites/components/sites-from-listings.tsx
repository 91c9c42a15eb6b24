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
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuildings } from '@/api/get-buildings';
import { useSites } from '@/api/get-sites';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { paths } from '@/config/paths';
import { areaUnit, formatAreaValue, formatCount } from '@/lib/format';
import { summarizeSites } from '../utils/site-summaries';

/** Where the server keeps no index: sums of the buildings this browser has listed. */
export function SitesFromListings() {
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
