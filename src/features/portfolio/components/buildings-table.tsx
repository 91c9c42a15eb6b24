import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CompareBar, CompareCheckbox } from '@/components/compare-picker';
import { HiddenColumnsToggle, shownFrom, useHiddenColumns } from '@/components/hidden-columns';
import { displayName, formatCount } from '@/lib/format';
import {
  buildingColumns,
  rowsToCsv,
  type BuildingRow,
  type SortDirection,
  type SortField,
} from '../utils/building-columns';
import { paths } from '@/config/paths';
import { downloadCsv } from '@/lib/csv';

const rowHeight = 37;

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

/** Stands in for the rows above or below the rendered window, so the scrollbar stays true. */
function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden="true">
      <TableCell colSpan={buildingColumns.length + 1} sx={{ height, p: 0, border: 0 }} />
    </TableRow>
  );
}

/** Cell styles made once: emotion re-serialising them for every cell of every scroll frame is jank. */
const cellStyles = Object.fromEntries(
  buildingColumns.map((column) => [
    column.field,
    {
      whiteSpace: 'nowrap',
      maxWidth: { xs: 160, sm: 280 },
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      ...shownFrom[column.priority],
    },
  ]),
);
const rowStyle = { height: rowHeight, cursor: 'pointer' } as const;
const checkboxCellStyle = { pl: 1 } as const;

/**
 * One building's row. Memoised: while the table scrolls only rows coming into view render; the
 * ones already drawn are left alone.
 */
const BuildingTableRow = memo(function BuildingTableRow({
  row,
  rowIndex,
  selected,
  onOpen,
}: {
  row: BuildingRow;
  rowIndex: number;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <TableRow
      hover
      selected={selected}
      aria-selected={selected}
      aria-rowindex={rowIndex + 2}
      onClick={() => onOpen(row.id)}
      sx={rowStyle}
    >
      <TableCell padding="checkbox" sx={checkboxCellStyle}>
        <CompareCheckbox buildingId={row.id} name={displayName(row.name)} />
      </TableCell>
      {buildingColumns.map((column) => (
        <TableCell
          key={column.field}
          align={column.numeric ? 'right' : 'left'}
          sx={cellStyles[column.field]}
        >
          {column.field === 'name' ? (
            <Link
              component={RouterLink}
              to={paths.building(row.id)}
              onClick={(event: React.MouseEvent) => {
                // The row's own click opens it too; once is enough.
                event.stopPropagation();
                // A plain click is the row's; Ctrl/⌘/Shift-click keeps the browser's meaning.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onOpen(row.id);
              }}
            >
              {column.display(row)}
            </Link>
          ) : (
            column.display(row)
          )}
        </TableCell>
      ))}
    </TableRow>
  );
});

/**
 * Virtualized against the page's own scrolling (no scroll box inside the scrolling page, a trap on
 * touch screens): 10,000 buildings keep a few dozen rows in the DOM.
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
  const [offset, setOffset] = useState(0);
  // Where the rows start on the page; the figures above may change height as data arrives.
  useLayoutEffect(() => {
    const top = bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - offset) > 1) setOffset(top);
  }, [offset, rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: offset,
    initialRect: { width: 1200, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = (items[0]?.start ?? offset) - offset;
  const paddingBottom = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? offset) - offset);

  // Coming back (Back button, shared link) to a selection: bring it into view once.
  const selectedIndex = selectedId ? rows.findIndex((row) => row.id === selectedId) : -1;
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (selectedIndex >= 0 && scrolledTo.current !== selectedId) {
      scrolledTo.current = selectedId;
      virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
    }
  }, [selectedIndex, selectedId, virtualizer]);

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Buildings{' '}
          <Typography component="span" color="text.secondary">
            ({formatCount(rows.length)})
          </Typography>
        </Typography>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <CompareBar />
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
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600, ...shownFrom[column.priority] }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sortDirection : 'asc'}
                      onClick={() =>
                        onSort(column.field, active && sortDirection === 'asc' ? 'desc' : 'asc')
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody ref={bodyRef}>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={buildingColumns.length + 1} align="center" sx={{ py: 4 }}>
                  No buildings match these filters.
                </TableCell>
              </TableRow>
            ) : null}
            <SpacerRow height={paddingTop} />
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <BuildingTableRow
                  key={row.id}
                  row={row}
                  rowIndex={item.index}
                  selected={row.id === selectedId}
                  onOpen={onOpen}
                />
              );
            })}
            <SpacerRow height={paddingBottom} />
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
