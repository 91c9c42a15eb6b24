import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { areaUnit, formatAreaValue, formatCount, formatShare, siteLabel } from '@/lib/format';
import type { Totals, TotalsGroup } from '@/api/get-totals';

export const totalsColumns = [
  { key: 'buildings', label: 'Buildings' },
  { key: 'area', label: `Area (${areaUnit})` },
  { key: 'floors', label: 'Floors' },
  { key: 'spaces', label: 'Spaces' },
  { key: 'devices', label: 'Devices' },
  { key: 'measurements', label: 'Measurements' },
] as const;
export type TotalsColumn = (typeof totalsColumns)[number]['key'] | 'name';

// The unit is in the column's header.
const format = (key: TotalsColumn, value: number) =>
  key === 'area' ? formatAreaValue(value) : formatCount(value);
/** The total row reads as part of the table, not as a faint footnote. */
const totalCell = { color: 'text.primary', fontWeight: 600, fontSize: '0.875rem' } as const;

const nameOf = (by: TotalsGroup, row: Totals['rows'][number]) =>
  by === 'site' ? siteLabel(row.id, row.name) : (row.name ?? row.id);

/**
 * Sums and shares of the portfolio by site or organization, every one of them, with the total
 * row; sortable by any column. The shares are the server's (one computation for every screen).
 */
export function TotalsTable({
  by,
  totals,
  sort,
  descending,
  onSort,
}: {
  by: TotalsGroup;
  totals: Totals;
  sort: TotalsColumn;
  descending: boolean;
  onSort: (column: TotalsColumn) => void;
}) {
  const rows = [...totals.rows].sort((a, b) => {
    const order =
      sort === 'name'
        ? nameOf(by, a).localeCompare(nameOf(by, b))
        : a[sort] - b[sort] || nameOf(by, a).localeCompare(nameOf(by, b));
    return descending ? -order : order;
  });
  const label = by === 'site' ? 'Site' : 'Organization';
  const header = (column: TotalsColumn, text: string, align: 'left' | 'right') => (
    <TableCell
      key={column}
      align={align}
      sortDirection={sort === column ? (descending ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={sort === column}
        direction={sort === column && descending ? 'desc' : 'asc'}
        onClick={() => onSort(column)}
      >
        {text}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={by === 'site' ? 'Sites' : 'Organizations'}>
          <TableHead>
            <TableRow>
              {header('name', label, 'left')}
              {totalsColumns.map((column) => header(column.key, column.label, 'right'))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell component="th" scope="row">
                  <Link
                    component={RouterLink}
                    to={paths.portfolio(by === 'site' ? { site: row.id } : { org: row.id })}
                    aria-label={`${nameOf(by, row)}: show its buildings in the portfolio`}
                  >
                    {nameOf(by, row)}
                  </Link>
                </TableCell>
                {totalsColumns.map((column) => (
                  <TableCell key={column.key} align="right">
                    {format(column.key, row[column.key])}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      ({formatShare(row.share[column.key])})
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={totalCell}>
                All {formatCount(totals.rows.length)} {by === 'site' ? 'sites' : 'organizations'}
              </TableCell>
              {totalsColumns.map((column) => (
                <TableCell key={column.key} align="right" sx={totalCell}>
                  {format(column.key, totals.total[column.key])}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      {totals.total.countsMissing > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Devices and measurements leave out {formatCount(totals.total.countsMissing)}{' '}
          {totals.total.countsMissing === 1 ? 'building' : 'buildings'} whose counts the platform
          did not include.
        </Typography>
      ) : null}
    </>
  );
}
