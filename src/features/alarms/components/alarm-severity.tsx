import Chip from '@mui/material/Chip';
import type { AlarmSeverity } from '@/shared/contracts/alarms';
import { severityColors, severityLabels } from '../utils/alarm-labels';

/** A severity as a small chip: coloured border, body-coloured text (readable in both schemes). */
export function AlarmSeverityChip({ severity }: { severity: AlarmSeverity }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={severityLabels[severity]}
      sx={{
        color: 'text.primary',
        borderColor: `${severityColors[severity]}.main`,
        borderWidth: 2,
      }}
    />
  );
}
