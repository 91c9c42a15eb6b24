import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  compareSelection,
  maxCompared,
  minCompared,
  useCompareSelection,
} from '@/stores/compare-selection';

/**
 * A building's "Compare" box: checked when picked; a seventh cannot be picked. The browser's own
 * checkbox (sized, in the theme's colour): one per row of a 10,000-row table, and no MUI Checkbox
 * in the first screen's budget.
 */
export function CompareCheckbox({ buildingId, name }: { buildingId: string; name: string }) {
  const picked = useCompareSelection();
  const checked = picked.includes(buildingId);
  return (
    <Box
      component="input"
      type="checkbox"
      checked={checked}
      disabled={!checked && picked.length >= maxCompared}
      onChange={() => compareSelection.toggle(buildingId)}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
      aria-label={`Compare ${name}`}
      title={
        !checked && picked.length >= maxCompared
          ? `${maxCompared} buildings are picked, the most Compare shows: clear one to pick this`
          : undefined
      }
      sx={{
        width: 18,
        height: 18,
        m: 0.5,
        accentColor: 'var(--mui-palette-primary-main)',
        cursor: 'pointer',
      }}
    />
  );
}

/** Room the floating bar needs under a page's last row, so it never covers it. */
const floatingBarClearance = 88;

/**
 * What is picked and where it leads: "3 of 6 picked · Compare 3 · Clear" (nothing when none is).
 * `floating` (above a long list): it stays at the foot of the window while the list scrolls, so
 * "Compare" and the count of picks stay in reach of the row just ticked (walk P3-5); in the
 * document it stays where it is placed, so the keyboard meets it before the rows.
 */
export function CompareBar({ floating = false }: { floating?: boolean }) {
  const picked = useCompareSelection();
  if (picked.length === 0) return null;
  const enough = picked.length >= minCompared;
  const full = picked.length >= maxCompared;
  const bar = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Comparison"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Typography variant="body2" role="status">
        {picked.length} of {maxCompared} picked
        {enough ? '' : ` · pick at least ${minCompared}`}
        {full ? ' · the most Compare shows' : ''}
      </Typography>
      {enough ? (
        <Button component={RouterLink} to={paths.compare(picked)} variant="contained" size="small">
          Compare {picked.length}
        </Button>
      ) : (
        <Button variant="contained" size="small" disabled>
          Compare
        </Button>
      )}
      <Button size="small" onClick={compareSelection.clear}>
        Clear
      </Button>
    </Stack>
  );
  if (!floating) return bar;
  return (
    <>
      <GlobalStyles styles={{ '#main': { paddingBottom: floatingBarClearance } }} />
      <Paper
        elevation={6}
        className="storey-no-print"
        sx={{
          position: 'fixed',
          bottom: 16,
          left: { xs: 16, sm: 'auto' },
          right: 16,
          zIndex: 'appBar',
          px: 2,
          py: 1,
        }}
      >
        {bar}
      </Paper>
    </>
  );
}

/** On a building's page: add it to (or take it out of) the comparison. */
export function CompareToggle({ buildingId }: { buildingId: string }) {
  const picked = useCompareSelection();
  const checked = picked.includes(buildingId);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant={checked ? 'contained' : 'outlined'}
        aria-pressed={checked}
        disabled={!checked && picked.length >= maxCompared}
        onClick={() => compareSelection.toggle(buildingId)}
      >
        {checked ? 'Picked for comparison' : 'Add to comparison'}
      </Button>
      <CompareBar />
    </Stack>
  );
}
