import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { memo, type Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CompareCheckbox } from '@/components/compare-picker';
import { shownFrom } from '@/components/hidden-columns';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/format';
import { buildingColumns, type BuildingRow } from '../utils/building-columns';

/** Every row's height: the virtualizer's estimate and the rows' own. */
export const rowHeight = 37;

/** Stands in for the rows above or below the rendered window, so the scrollbar stays true. */
export function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden="true">
      <TableCell colSpan={buildingColumns.length + 1} sx={{ height, p: 0, border: 0 }} />
    </TableRow>
  );
}

/** Cell styles made once: emotion re-serialising them for every cell of every scroll frame is jank. */
/**
 * Narrower gaps between columns from a tablet's width to a laptop's: the columns shown there,
 * with a name told apart by its reference ("Harbour View (harbour-view-1)"), fit 768 px.
 */
export const cellPaddingX = { sm: 1, lg: 2 } as const;

/**
 * How wide a text cell may grow before it ends in "…". From a laptop's width every text column is
 * shown at once (name, organisation, site, and from 1536 px the reference): at 280 px each, rows
 * whose three names were all long pushed the table 6 px past its card at 1280 px, so only the
 * building's name (with the reference that tells twins apart) keeps 280 there.
 */
const maxWidthOf = (field: string) =>
  field === 'name' ? { xs: 160, sm: 280 } : { xs: 160, sm: 280, lg: 220 };

const cellStyles = Object.fromEntries(
  buildingColumns.map((column) => [
    column.field,
    {
      whiteSpace: 'nowrap',
      maxWidth: maxWidthOf(column.field),
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      px: cellPaddingX,
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
export const BuildingTableRow = memo(function BuildingTableRow({
  row,
  rowIndex,
  selected,
  onOpen,
  ref,
}: {
  row: BuildingRow;
  rowIndex: number;
  selected: boolean;
  onOpen: (id: string) => void;
  /** The selected row's, to bring it into view when coming back. */
  ref?: Ref<HTMLTableRowElement> | undefined;
}) {
  return (
    <TableRow
      ref={ref}
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
