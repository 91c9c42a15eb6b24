import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
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

/** One figure of a FigureGrid: its label, then its values (each a `dd`). */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Paper>
  );
}
