import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { plainError } from '@/lib/plain-error';
import { formatAge } from '@/lib/format';

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export interface FreshnessSource {
  dataUpdatedAt: number;
  isFetching: boolean;
  /** Set when the last refresh failed while older data is still shown. */
  error: unknown;
  refetch: () => unknown;
  /** When the last failure happened (TanStack Query's errorUpdatedAt). */
  errorUpdatedAt?: number;
}

/**
 * "This page updated 14:02 · Refresh": when the figures on screen were read, and a way to read
 * them again. "This page" tells it from the portfolio index's own time (index-status-bar.tsx),
 * shown on the same screen.
 * When a refresh fails the older data stays, marked with its age and why it was not refreshed.
 */
export function DataFreshness({ sources }: { sources: FreshnessSource[] }) {
  // The age of stale figures is told as of the failed refresh (no clock read while rendering).
  const now = Math.max(
    0,
    ...sources.map((source) => Math.max(source.errorUpdatedAt ?? 0, source.dataUpdatedAt)),
  );
  const oldest = Math.min(...sources.map((source) => source.dataUpdatedAt).filter(Boolean));
  const fetching = sources.some((source) => source.isFetching);
  const failed = sources.find((source) => source.error && source.dataUpdatedAt > 0);
  const refresh = () => {
    for (const source of sources) void source.refetch();
  };
  return (
    <Stack spacing={1} className="storey-no-print">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {fetching
            ? 'Refreshing…'
            : Number.isFinite(oldest)
              ? `This page updated ${clock.format(oldest)}`
              : ''}
        </Typography>
        <Button size="small" onClick={refresh} disabled={fetching}>
          Refresh
        </Button>
      </Stack>
      {failed && !fetching ? (
        <Alert severity="warning">
          These figures are from {clock.format(failed.dataUpdatedAt)} (
          {formatAge(now - failed.dataUpdatedAt)}): the last refresh failed.{' '}
          {plainError(failed.error).headline} {plainError(failed.error).next}
        </Alert>
      ) : null}
    </Stack>
  );
}
