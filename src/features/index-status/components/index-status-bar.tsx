import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  indexStatusKeys,
  readsTheIndex,
  useIndexStatus,
  type IndexStatus,
} from '@/api/get-index-status';
import { apiHeaders, toApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { plainError } from '@/lib/plain-error';
import { skippedSentences } from '@/shared/platform/records';

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const phases: Record<string, string> = {
  'reading-sites': 'Reading the sites',
  'reading-buildings': 'Reading the buildings',
  'reading-levels': 'Reading the floors',
  'reading-rooms': 'Reading the rooms',
  'checking-quality': 'Checking data quality',
  writing: 'Saving',
};

/** How far the first sync is, 0–100: buildings first (a tenth), then floors and rooms. */
function progressOf(latest: NonNullable<IndexStatus['latest']>): number {
  if (latest.roomsExpected > 0)
    return Math.min(100, 10 + (90 * latest.rooms) / latest.roomsExpected);
  return latest.buildingsExpected > 0 ? 10 : 0;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/index/refresh', { method: 'POST', headers: apiHeaders });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: indexStatusKeys.all }),
  });
}

/**
 * When a newer sync is served (or the first one, after screens were told the index was empty),
 * every answer read from the index is fetched again. The first status read sets the mark, and
 * asks again only what failed before it.
 */
function useNewSyncRefreshesTheScreens(status: IndexStatus | undefined) {
  const queryClient = useQueryClient();
  // undefined: no status read yet; null: read, nothing served.
  const seen = useRef<string | null | undefined>(undefined);
  const served = status === undefined ? undefined : (status.served?.finishedAt ?? null);
  useEffect(() => {
    if (served === undefined || served === seen.current) return;
    const first = seen.current === undefined;
    seen.current = served;
    if (served === null) return;
    // A newer sync: every answer from the index is out of date. The first status read: only the
    // answers that failed before it (a screen can ask, and hear "not yet indexed", before the
    // status has arrived to say the index is there).
    void queryClient.invalidateQueries({
      predicate: (query) =>
        readsTheIndex(query.queryKey) && (!first || query.state.status === 'error'),
    });
  }, [served, queryClient]);
}

/**
 * How old the portfolio index is, on every screen. Above the page: a progress bar with counts
 * while the first sync runs, and why the last sync failed when it did. Below it: "Portfolio index
 * as of 14:02" and, for administrators, Sync now (below, so the page's own controls come first
 * by keyboard).
 */
export function IndexStatusBar({ placement }: { placement: 'above' | 'below' }) {
  const status = useIndexStatus();
  const refresh = useRefresh();
  const data = status.data;
  useNewSyncRefreshesTheScreens(placement === 'above' ? data : undefined);
  if (!data) return null;
  const { served, latest } = data;
  const syncing = latest?.outcome === 'running';
  if (placement === 'above') {
    if (served)
      return latest?.outcome === 'failed' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The last sync of the portfolio index failed ({latest.error}); the figures shown are from{' '}
          {clock.format(new Date(served.finishedAt))}.
        </Alert>
      ) : null;
    if (syncing && latest)
      return (
        <Stack spacing={0.5} sx={{ mb: 2 }} className="storey-no-print">
          <Typography variant="body2">
            Indexing the portfolio for the first time: {phases[latest.phase] ?? 'Working'}…{' '}
            {formatCount(latest.buildings)} buildings, {formatCount(latest.levels)} floors,{' '}
            {formatCount(latest.rooms)}
            {latest.roomsExpected > 0 ? ` of ${formatCount(latest.roomsExpected)}` : ''} rooms so
            far.
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progressOf(latest)}
            aria-label="Indexing the portfolio"
          />
        </Stack>
      );
    return (
      <Alert severity={latest?.outcome === 'failed' ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {latest?.outcome === 'failed'
          ? `The portfolio could not be indexed: ${latest.error ?? 'the sync failed'} Storey tries again in ${data.refreshMinutes} minutes.`
          : 'The portfolio has not been indexed yet: it starts shortly.'}
      </Alert>
    );
  }
  if (!served) return null;
  return (
    <Stack spacing={1} sx={{ mt: 3 }} className="storey-no-print">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Portfolio index as of {clock.format(new Date(served.finishedAt))}
          {syncing ? ' · updating…' : ''} (its last sync with the platform: totals, scores and
          search come from it)
        </Typography>
        {data.canRefresh ? (
          <Button
            size="small"
            onClick={() => refresh.mutate()}
            disabled={syncing || refresh.isPending}
          >
            Sync now
          </Button>
        ) : null}
      </Stack>
      {refresh.error ? (
        <Alert severity="warning">
          {plainError(refresh.error).headline} {plainError(refresh.error).next}
        </Alert>
      ) : null}
      {[...skippedSentences(served.skipped), ...served.unread].map((line) => (
        <Alert key={line} severity="info">
          {line}
        </Alert>
      ))}
    </Stack>
  );
}
