import Alert from '@mui/material/Alert';
import { countOf } from '@/lib/format';

/**
 * Shown above data from a GraphQL answer that came with errors: what is there, and what is not.
 * `unavailableLevels`, where the page lists levels: how many are marked "rooms unavailable".
 * Platform trouble is not a data finding: scores are the portfolio index's own reading.
 */
export function PartialAnswerAlert({
  messages,
  unavailableLevels,
}: {
  messages: readonly string[];
  unavailableLevels?: number | undefined;
}) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      The platform answered only in part: {messages.join(' ')}{' '}
      {unavailableLevels === undefined
        ? 'Levels whose rooms did not come are incomplete.'
        : unavailableLevels === 0
          ? 'Every level shown came whole.'
          : `${countOf(unavailableLevels, 'level')} ${unavailableLevels === 1 ? 'is' : 'are'} marked "rooms unavailable" below.`}{' '}
      This is not counted as a data-quality finding.
    </Alert>
  );
}
