import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  note,
}: {
  label: string;
  value: string;
  note?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 150, flex: '1 1 150px' }}>
      {/* The overline's own line height (2.66) spaces a label that wraps on a phone ("Rooms out
          of band") as if it were two labels: wrapped, it reads as one. */}
      <Typography
        variant="overline"
        component="p"
        color="text.secondary"
        sx={{ lineHeight: 1.6, mb: 0.5 }}
      >
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}
