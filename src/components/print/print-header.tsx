import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIndexStatus } from '@/api/get-index-status';
import { usePrinting } from './use-printing';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * On paper only: what the printout is, when it was printed, how fresh the portfolio it reads is,
 * and what the person chose to show (a sheet on a desk must say all that by itself).
 */
export function PrintHeader({
  title,
  choices,
  readAt,
}: {
  title: string;
  /** The person's filters and choices, in words, one per entry ("Severity: errors"). */
  choices: readonly string[];
  /** When this screen's own figures were read (TanStack Query's dataUpdatedAt), if it knows. */
  readAt?: number | undefined;
}) {
  const printedAt = usePrinting();
  const status = useIndexStatus();
  const served = status.data?.served;
  const lines = [
    `Storey · ${title}`,
    printedAt !== null ? `Printed ${dateTime.format(printedAt)}` : undefined,
    served
      ? `Portfolio index as of ${dateTime.format(new Date(served.finishedAt))}`
      : readAt
        ? `Figures read ${dateTime.format(readAt)}`
        : undefined,
    choices.length > 0 ? choices.join(' · ') : undefined,
  ].filter((line): line is string => line !== undefined);
  return (
    <Box
      className="storey-print-only"
      sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 }}
    >
      {lines.map((line, index) => (
        <Typography key={line} variant={index === 0 ? 'subtitle2' : 'caption'} component="p">
          {line}
        </Typography>
      ))}
    </Box>
  );
}
