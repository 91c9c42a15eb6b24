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
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  HiddenColumnsToggle,
  shownFrom,
  useHiddenColumns,
  type ColumnPriority,
} from '@/components/hidden-columns';
import { paths } from '@/config/paths';
import { countOf, formatAreaValue, formatCount, formatShare } from '@/lib/format';
import type { Totals, TotalsGroup } from '@/api/get-totals';
import {
  organizationColumn,
  organizationNameOf,
  totalsColumns,
  totalsNameOf,
  type TotalsColumn,
  type TotalsView,
} from '../utils/totals-view';

// The unit is in the column's header.
const format = (key: TotalsColumn, value: number) =>
  key === 'area' ? formatAreaValue(value) : formatCount(value);
/** The total rows read as part of the table, not as a faint footnote. */
const totalCell = { color: 'text.primary', fontWeight: 600, fontSize: '0.875rem' } as const;
const numberCell = { whiteSpace: 'nowrap' } as const;

/**
 * Sums and shares of the portfolio by site or organization, as the person filtered and sorted
 * them (`view`), with what the rows shown add up to and the portfolio's total. The header and the
 * totals stay in view while a long list scrolls; a narrow window hides columns by priority and
 * says which.
 */
export function TotalsTable({
  by,
  totals,
  view,
  sort,
  descending,
  onSort,
}: {
  by: TotalsGroup;
  totals: Totals;
  view: TotalsView;
  sort: TotalsColumn;
  descending: boolean;
  onSort: (column: TotalsColumn) => void;
}) {
  const columns = [
    ...(by === 'site' ? [{ key: 'organization' as const, ...organizationColumn }] : []),
    ...totalsColumns,
  ];
  const hidden = useHiddenColumns(columns);
  const [showAll, setShowAll] = useState(false);
  const label = by === 'site' ? 'Site' : 'Organization';
  const plural = by === 'site' ? 'sites' : 'organizations';
  const filtered = view.shown.count < totals.rows.length;
  return (
    <>
      <HiddenColumnsToggle hidden={hidden} showAll={showAll} onShowAll={setShowAll} />
      <TableContainer
        component={Paper}
        variant="outlined"
        // One screen to scan however many sites: the list scrolls under its header and totals.
        sx={{ maxHeight: { xs: 'none', md: 'calc(100vh - 260px)' }, minHeight: 240 }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label={by === 'site' ? 'Sites' : 'Organizations'}
          sx={{
            '& td, & th': { px: { xs: 1, md: 2 } },
            ...(showAll ? { '& th, & td': { display: 'table-cell !important' } } : {}),
            // The totals stay at the foot of the scrolling list (Chromium and Firefox stick a tfoot).
            '& tfoot': { position: { md: 'sticky' }, bottom: 0, zIndex: 2 },
            '& tfoot td, & tfoot th': { bgcolor: 'background.paper' },
          }}
        >
          <TotalsTableHead
            label={label}
            columns={columns}
            sort={sort}
            descending={descending}
            onSort={onSort}
          />
          <TableBody>
            {view.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 4 }}>
                  No {plural} match this filter.
                </TableCell>
              </TableRow>
            ) : null}
            {view.rows.map((row) => (
              <TotalsRow key={row.id} by={by} row={row} columns={columns} />
            ))}
          </TableBody>
          <TableFooter>
            {filtered ? (
              <TotalsRowOf
                columns={columns}
                label={`${formatCount(view.shown.count)} of ${countOf(totals.rows.length, label.toLowerCase())} shown`}
                value={(key) => view.shown.sums[key]}
                share={(key) => view.shown.share[key]}
              />
            ) : null}
            <TotalsRowOf
              columns={columns}
              label={`All ${countOf(totals.rows.length, label.toLowerCase())}`}
              value={(key) => totals.total[key]}
            />
          </TableFooter>
        </Table>
      </TableContainer>
      <MissingFiguresNotes total={totals.total} />
    </>
  );
}

type Column = { key: TotalsColumn; priority: ColumnPriority };

/** The columns' headers, each sorting by its column. */
function TotalsTableHead({
  label,
  columns,
  sort,
  descending,
  onSort,
}: {
  label: string;
  columns: ReadonlyArray<{ key: TotalsColumn; label: string; priority: ColumnPriority }>;
  sort: TotalsColumn;
  descending: boolean;
  onSort: (column: TotalsColumn) => void;
}) {
  const header = (column: TotalsColumn, text: string, align: 'left' | 'right', sx: object) => (
    <TableCell
      key={column}
      align={align}
      sortDirection={sort === column ? (descending ? 'desc' : 'asc') : false}
      sx={{ whiteSpace: 'nowrap', ...sx }}
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
    <TableHead>
      <TableRow>
        {header('name', label, 'left', {})}
        {columns.map((column) =>
          header(
            column.key,
            column.label,
            column.key === 'organization' ? 'left' : 'right',
            shownFrom[column.priority],
          ),
        )}
      </TableRow>
    </TableHead>
  );
}

/** One site or organization: its name linking to its buildings, each figure with its share. */
function TotalsRow({
  by,
  row,
  columns,
}: {
  by: TotalsGroup;
  row: Totals['rows'][number];
  columns: ReadonlyArray<{ key: Exclude<TotalsColumn, 'name'>; priority: ColumnPriority }>;
}) {
  return (
    <TableRow hover>
      <TableCell component="th" scope="row">
        <Link
          component={RouterLink}
          to={paths.portfolio(by === 'site' ? { site: row.id } : { org: row.id })}
          aria-label={`${totalsNameOf(by, row)}: show its buildings in the portfolio`}
        >
          {totalsNameOf(by, row)}
        </Link>
      </TableCell>
      {columns.map((column) =>
        column.key === 'organization' ? (
          <TableCell key={column.key} sx={shownFrom[column.priority]}>
            {organizationNameOf(row)}
          </TableCell>
        ) : (
          <TableCell
            key={column.key}
            align="right"
            sx={{ ...numberCell, ...shownFrom[column.priority] }}
          >
            {format(column.key, row[column.key])}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({formatShare(row.share[column.key])})
            </Typography>
          </TableCell>
        ),
      )}
    </TableRow>
  );
}

/** Which sums leave buildings out, and why: what the platform did not give. */
function MissingFiguresNotes({ total }: { total: Totals['total'] }) {
  return (
    <>
      {total.countsMissing > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Devices and measurements leave out {countOf(total.countsMissing, 'building')} whose counts
          the platform did not include.
        </Typography>
      ) : null}
      {(
        [
          ['Area', total.areaMissing, 'area'],
          ['Floors', total.floorsMissing, 'floor count'],
          ['Spaces', total.spacesMissing, 'space count'],
        ] as const
      ).map(([sum, missing, figure]) =>
        missing > 0 ? (
          <Typography key={sum} variant="body2" color="text.secondary">
            {sum} and its shares are over {formatCount(total.buildings - missing)} of{' '}
            {countOf(total.buildings, 'building')}: the platform gives no {figure} for the others.
          </Typography>
        ) : null,
      )}
    </>
  );
}
type Measure = Exclude<TotalsColumn, 'name' | 'organization'>;

/** A total at the foot of the table: its words, then each column's sum and, if given, its share. */
function TotalsRowOf({
  columns,
  label,
  value,
  share,
}: {
  columns: readonly Column[];
  label: string;
  value: (key: Measure) => number;
  share?: (key: Measure) => number | null;
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={totalCell}>
        {label}
      </TableCell>
      {columns.map((column) =>
        column.key === 'organization' || column.key === 'name' ? (
          <TableCell key={column.key} sx={shownFrom[column.priority]} />
        ) : (
          <TableCell
            key={column.key}
            align="right"
            sx={{ ...totalCell, ...numberCell, ...shownFrom[column.priority] }}
          >
            {format(column.key, value(column.key))}
            {share ? (
              <>
                {' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({formatShare(share(column.key))})
                </Typography>
              </>
            ) : null}
          </TableCell>
        ),
      )}
    </TableRow>
  );
}
