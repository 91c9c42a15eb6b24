import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Figures as a definition list in a grid of cards (latest values, the energy summary). */
export function FigureGrid({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        '& dd': { m: 0 },
      }}
    >
      {children}
    </Box>
  );
}
