import Chip from '@mui/material/Chip';
import { outOfBandWord, type ComfortVerdict, type BandKind } from '@/shared/rules/comfort';

/** "Too warm", "Stale air": a reading out of its band, read at a glance and said aloud. */
export function OutOfBandChip({
  kind,
  status,
  label,
}: {
  kind: BandKind;
  status: 'low' | 'high';
  /** What is measured, for the spoken label ("Air temperature: too warm, out of band"). */
  label: string;
}) {
  const word = outOfBandWord(kind, status);
  return (
    <Chip
      size="small"
      variant="outlined"
      // Orange text at chip size needs a darker shade than warning.main for 4.5:1 contrast.
      sx={(theme) => ({
        color: '#9a3412',
        borderColor: 'currentColor',
        fontWeight: 600,
        ...theme.applyStyles('dark', { color: '#fdba74' }),
      })}
      label={word}
      aria-label={`${label}: ${word.toLowerCase()}, out of band`}
    />
  );
}

/** The verdict as a short chip a person reads at a glance, and says aloud. */
export function VerdictChip({ verdict, label }: { verdict: ComfortVerdict; label: string }) {
  switch (verdict.status) {
    case 'in-band':
      return <Chip size="small" color="success" variant="outlined" label="In band" />;
    case 'low':
    case 'high':
      return <OutOfBandChip kind={verdict.band.kind} status={verdict.status} label={label} />;
    case 'stale':
      return <Chip size="small" color="default" label="Stale" />;
    case 'outside-hours':
      return (
        <Chip
          size="small"
          color="default"
          variant="outlined"
          label="Outside hours"
          aria-label={`${label}: taken outside the comfort hours, not judged`}
        />
      );
    case 'implausible':
      return (
        <Chip
          size="small"
          color="default"
          variant="outlined"
          label="Check sensor"
          aria-label={`${label}: implausible reading, check the sensor`}
        />
      );
    default:
      return null;
  }
}
