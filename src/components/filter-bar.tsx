import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * A screen's filters as one search landmark, named for what it filters: a column on a phone, a
 * row that wraps from 900 px, its controls centred on one line.
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      component="search"
      aria-label={label}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      {children}
    </Stack>
  );
}
