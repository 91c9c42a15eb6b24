import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { ErrorState, LoadingSkeleton, NotFoundState } from '@/components/query-states';
import type { BuildingOutline, BuildingOutlineState } from '../api/get-building-outline';

/** Loading, error, "not in the answer" and partial-data states of the GraphQL drill-down, in one place. */
export function OutlineStates({
  state,
  children,
}: {
  state: BuildingOutlineState;
  children: (outline: BuildingOutline) => ReactNode;
}) {
  if (state.fetching && !state.outline) return <LoadingSkeleton label="Loading levels and rooms" />;
  if (state.error)
    return <ErrorState what="the levels and rooms" error={state.error} onRetry={state.retry} />;
  if (!state.outline) {
    return (
      <NotFoundState title="Levels not found">
        The platform's GraphQL answer has no building with this id, so its levels and rooms cannot
        be shown.
      </NotFoundState>
    );
  }
  return (
    <>
      {state.partialErrors.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The platform answered only in part: {state.partialErrors.join(' ')} Levels marked "rooms
          unavailable" are incomplete.
        </Alert>
      ) : null}
      {children(state.outline)}
    </>
  );
}
