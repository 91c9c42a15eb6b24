import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

/** From which window width a column shows: MUI's breakpoints (sm 600, md 900, lg 1200, xl 1536). */
export type ColumnPriority = 'always' | 'sm' | 'md' | 'lg' | 'xl';

/** A cell's `display` for its column's priority: the table fits a tablet and a phone. */
export const shownFrom: Record<ColumnPriority, object> = {
  always: {},
  sm: { display: { xs: 'none', sm: 'table-cell' } },
  md: { display: { xs: 'none', md: 'table-cell' } },
  lg: { display: { xs: 'none', lg: 'table-cell' } },
  xl: { display: { xs: 'none', xl: 'table-cell' } },
};

/** The labels of the columns this window's width hides, in the table's order. */
export function useHiddenColumns(
  columns: ReadonlyArray<{ label: string; priority: ColumnPriority }>,
): string[] {
  const sm = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const md = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const lg = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const xl = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const shown: Record<ColumnPriority, boolean> = { always: true, sm, md, lg, xl };
  return columns.filter((column) => !shown[column.priority]).map((column) => column.label);
}

/**
 * Says which columns a narrow window hides, and shows them on request (the table then scrolls
 * sideways inside its card, the person's choice). Nothing is hidden without a word and a way back.
 */
export function HiddenColumnsToggle({
  hidden,
  showAll,
  onShowAll,
}: {
  hidden: readonly string[];
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
}) {
  if (hidden.length === 0) return null;
  const count = hidden.length === 1 ? '1 column' : `${hidden.length} columns`;
  return (
    <Typography variant="body2" color="text.secondary" component="div">
      {showAll ? (
        <>All columns are shown: the table scrolls sideways. </>
      ) : (
        <>
          {count} hidden at this width ({hidden.join(', ')}).{' '}
        </>
      )}
      <Button
        size="small"
        variant="outlined"
        aria-pressed={showAll}
        onClick={() => onShowAll(!showAll)}
        sx={{ ml: 0.5, py: 0 }}
      >
        {showAll ? `Hide ${count}` : `Show ${count}`}
      </Button>
    </Typography>
  );
}
