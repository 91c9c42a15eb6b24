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
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CompareBar, CompareCheckbox } from '@/components/compare-picker';
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
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

async function downloadRows(rows: readonly BuildingRow[]) {
  downloadCsv('storey-buildings.csv', await rowsToCsv(rows));
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

/** Virtualized: 10,000 buildings keep a few dozen rows in the DOM. */
export function BuildingsTable({
  rows,
  sortField,
  sortDirection,
  onSort,
  selectedId,
  onSelect,
}: BuildingsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render by design; this app does not use the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    initialRect: { width: 1200, height: 560 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

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
            onClick={() => void downloadRows(rows)}
          >
            Export CSV
          </Button>
        </Stack>
      </Stack>
      <Paper
        variant="outlined"
        ref={scrollRef}
        sx={{ height: 560, overflow: 'auto' }}
        tabIndex={0}
        aria-label="Buildings table, scrollable"
      >
        <Table size="small" stickyHeader aria-label="Buildings" aria-rowcount={rows.length + 1}>
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
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
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
          <TableBody>
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
              const selected = row.id === selectedId;
              return (
                <TableRow
                  key={row.id}
                  hover
                  selected={selected}
                  aria-selected={selected}
                  aria-rowindex={item.index + 2}
                  onClick={() => onSelect(selected ? undefined : row.id)}
                  sx={{ height: rowHeight, cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox" sx={{ pl: 1 }}>
                    <CompareCheckbox buildingId={row.id} name={displayName(row.name)} />
                  </TableCell>
                  {buildingColumns.map((column) => (
                    <TableCell
                      key={column.field}
                      align={column.numeric ? 'right' : 'left'}
                      sx={{
                        whiteSpace: 'nowrap',
                        maxWidth: 280,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                      }}
                    >
                      {column.field === 'name' ? (
                        <Link
                          component={RouterLink}
                          to={paths.building(row.id)}
                          // Opening a building is not selecting its row: a selection change would rewrite the URL mid-navigation.
                          onClick={(event: React.MouseEvent) => event.stopPropagation()}
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
            })}
            <SpacerRow height={paddingBottom} />
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
