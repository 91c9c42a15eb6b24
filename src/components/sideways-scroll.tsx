import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: it scrolls sideways inside its frame, and the frame
 * takes the keyboard's focus so the arrow keys can scroll it too (a table of plain text holds
 * nothing else that could).
 */
export function SidewaysScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto' }}
    >
      {children}
    </Paper>
  );
}
