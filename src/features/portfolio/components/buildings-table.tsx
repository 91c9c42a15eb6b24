import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { CompareBar } from '@/components/compare-picker';
import { HiddenColumnsToggle, shownFrom, useHiddenColumns } from '@/components/hidden-columns';
import { formatCount } from '@/lib/format';
import { cellPaddingX } from './building-table-row';
import {
  buildingColumns,
  rowsToCsv,
  type BuildingColumn,
  type BuildingRow,
  type SortDirection,
  type SortField,
} from '../utils/building-columns';
import { downloadCsv } from '@/lib/csv';
import { BuildingTableRow } from './building-table-row';

export interface BuildingsTableProps {
  /** Filtered and sorted: the table shows and exports exactly these. */
  rows: BuildingRow[];
  sortField: SortField | undefined;
  sortDirection: SortDirection;
  onSort: (field: SortField, direction: SortDirection) => void;
  /** The building last opened from here: highlighted and scrolled to when coming back. */
  selectedId: string | undefined;
  /** Opens a building (a click anywhere on its row, or Enter on its name). */
  onOpen: (id: string) => void;
  /** Names the CSV after the filters ("storey-buildings-harbour.csv"). */
  fileName: string;
}

async function downloadRows(rows: readonly BuildingRow[], fileName: string) {
  downloadCsv(fileName, await rowsToCsv(rows));
}

/** Up to this many rows every row is drawn; beyond, only those near the window (10,000 → a few dozen). */
const drawAllUpTo = 200;

const VirtualBuildingRows = lazy(() =>
  import('./virtual-building-rows').then((module) => ({ default: module.VirtualBuildingRows })),
);

/** Every row, for a list short enough to draw whole; the selected one brought into view once. */
function AllBuildingRows({
  rows,
  selectedId,
  onOpen,
}: {
  rows: BuildingRow[];
  selectedId: string | undefined;
  onOpen: (id: string) => void;
}) {
  const selectedRow = useRef<HTMLTableRowElement>(null);
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    const row = selectedRow.current;
    if (!selectedId || !row || scrolledTo.current === selectedId) return;
    scrolledTo.current = selectedId;
    // jsdom has no scrollIntoView; every browser has.
    if (typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'center' });
  }, [selectedId, rows]);
  return rows.map((row, index) => (
    <BuildingTableRow
      key={row.id}
      row={row}
      rowIndex={index}
      selected={row.id === selectedId}
      onOpen={onOpen}
      ref={row.id === selectedId ? selectedRow : undefined}
    />
  ));
}

/**
 * A figure is sorted largest first at the first click (the walk: "Floors" ascending showed the
 * buildings with none first); names and places from A.
 */
const firstDirection = (column: BuildingColumn): SortDirection => (column.numeric ? 'desc' : 'asc');

/**
 * The portfolio's buildings: sortable, exportable as shown, a click on a row opens it. Long lists
 * are virtualized against the page's own scrolling (VirtualBuildingRows).
 */
export function BuildingsTable({
  rows,
  sortField,
  sortDirection,
  onSort,
  selectedId,
  onOpen,
  fileName,
}: BuildingsTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const hidden = useHiddenColumns(buildingColumns);
  const [showAll, setShowAll] = useState(false);
  return (
    <Stack spacing={1}>
      <BuildingsHeading rows={rows} fileName={fileName} />
      <HiddenColumnsToggle hidden={hidden} showAll={showAll} onShowAll={setShowAll} />
      {/* Every column on request: the card scrolls sideways, the page does not. */}
      <Paper variant="outlined" sx={showAll ? { overflowX: 'auto' } : undefined}>
        <Table
          size="small"
          stickyHeader
          aria-label="Buildings"
          aria-rowcount={rows.length + 1}
          sx={{
            // The header stays under the app bar while the page scrolls.
            '& thead th': { top: { xs: 56, sm: 64 } },
            // Narrower gutters below 900 px keep Site in view on a tablet.
            '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': {
              px: { xs: 1, md: 2 },
            },
            ...(showAll ? { '& th, & td': { display: 'table-cell !important' } } : {}),
          }}
        >
          <BuildingsTableHead sortField={sortField} sortDirection={sortDirection} onSort={onSort} />
          <TableBody ref={bodyRef}>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={buildingColumns.length + 1} align="center" sx={{ py: 4 }}>
                  No buildings match these filters.
                </TableCell>
              </TableRow>
            ) : null}
            {rows.length > drawAllUpTo ? (
              // While the virtualizer's chunk comes, the first rows as they will look.
              <Suspense
                fallback={
                  <AllBuildingRows
                    rows={rows.slice(0, 40)}
                    selectedId={undefined}
                    onOpen={onOpen}
                  />
                }
              >
                <VirtualBuildingRows
                  rows={rows}
                  selectedId={selectedId}
                  onOpen={onOpen}
                  bodyRef={bodyRef}
                />
              </Suspense>
            ) : (
              <AllBuildingRows rows={rows} selectedId={selectedId} onOpen={onOpen} />
            )}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** The table's heading with how many buildings it lists, Compare, and the CSV of what is shown. */
function BuildingsHeading({ rows, fileName }: Pick<BuildingsTableProps, 'rows' | 'fileName'>) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography variant="h6" component="h2">
        Buildings{' '}
        <Typography component="span" color="text.secondary">
          ({formatCount(rows.length)})
        </Typography>
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CompareBar floating />
        <Button
          variant="outlined"
          size="small"
          disabled={rows.length === 0}
          onClick={() => void downloadRows(rows, fileName)}
        >
          Export CSV
        </Button>
      </Stack>
    </Stack>
  );
}

/** The columns' headers, each sorting by its column (a figure largest first at the first click). */
function BuildingsTableHead({
  sortField,
  sortDirection,
  onSort,
}: Pick<BuildingsTableProps, 'sortField' | 'sortDirection' | 'onSort'>) {
  return (
    <TableHead>
      <TableRow aria-rowindex={1}>
        <TableCell padding="checkbox" sx={{ fontWeight: 600, pl: 1 }}>
          Compare
        </TableCell>
        {buildingColumns.map((column) => {
          const active = sortField === column.field;
          return (
            <TableCell
              key={column.field}
              align={column.numeric ? 'right' : 'left'}
              sortDirection={active ? sortDirection : false}
              sx={{
                whiteSpace: 'nowrap',
                fontWeight: 600,
                px: cellPaddingX,
                ...shownFrom[column.priority],
              }}
            >
              <TableSortLabel
                active={active}
                direction={active ? sortDirection : firstDirection(column)}
                onClick={() =>
                  onSort(
                    column.field,
                    active ? (sortDirection === 'asc' ? 'desc' : 'asc') : firstDirection(column),
                  )
                }
              >
                {column.label}
              </TableSortLabel>
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
