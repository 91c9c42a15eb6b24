import Alert from '@mui/material/Alert';

/** Shown above data from a GraphQL answer that came with errors: what is there, and what is not. */
export function PartialAnswerAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      The platform answered only in part: {messages.join(' ')} Levels marked "rooms unavailable" are
      incomplete.
    </Alert>
  );
}
