import Link from '@mui/material/Link';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { ErrorState, LoadingSkeleton, PageMessage } from '@/components/query-states';
import { NotSharedMessage, isNotShared } from '@/components/not-shared-message';
import { portfolioReturnPath } from '@/stores/portfolio-return';
import type { RouteState } from '@/features/places/hooks/use-place';
import { readIndexLinkState } from '@/lib/index-link';

/** The loading, error and not-found states of a building, level or room route, in one place. */
const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function RouteStateView({
  state,
}: {
  state: Exclude<RouteState<unknown>, { status: 'found' }>;
}) {
  const { search, state: linkState } = useLocation();
  const fromIndex = readIndexLinkState(linkState);
  // The frame names the page asked for: a room that cannot load is not "Building".
  const placeWord = 'place' in state ? state.place : 'building';
  const frame = [
    { label: 'Portfolio', to: portfolioReturnPath() },
    { label: placeWord[0]!.toUpperCase() + placeWord.slice(1) },
  ];
  switch (state.status) {
    case 'loading':
      return (
        <Stack spacing={2}>
          <PageBreadcrumbs crumbs={frame} />
          <LoadingSkeleton label={state.label} />
        </Stack>
      );
    case 'redirect':
      // A positional link moved to the place's id keeps its view (range, filters, sort).
      return <Navigate to={{ pathname: state.to, search }} replace />;
    case 'error':
      if (isNotShared(state.error)) return <NotSharedMessage />;
      // The page frame stays: where this is, and the way back.
      return (
        <Stack spacing={2}>
          <PageBreadcrumbs crumbs={frame} />
          <ErrorState what={state.what} error={state.error} onRetry={state.retry} />
        </Stack>
      );
    case 'not-found':
      if (state.notShared && !fromIndex) return <NotSharedMessage />;
      return (
        <PageMessage title={state.title}>
          {fromIndex
            ? `Storey's portfolio index listed it as of ${clock.format(new Date(fromIndex.indexAsOf))}, but the platform no longer has it: it was removed or moved since. `
            : null}
          {state.message}{' '}
          <Link component={RouterLink} to={state.back.to}>
            {state.back.label}
          </Link>
        </PageMessage>
      );
  }
}
