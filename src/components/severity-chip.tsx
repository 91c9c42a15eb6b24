import Chip from '@mui/material/Chip';
import type { Severity } from '@/api/get-quality';

export const severityLabels: Record<Severity, string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Note',
};

/** A severity as a small chip: coloured border, body-coloured text (readable in both schemes). */
export function SeverityChip({ severity }: { severity: Severity }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={severityLabels[severity]}
      sx={{ color: 'text.primary', borderColor: `${severity}.main`, borderWidth: 2 }}
    />
  );
}
