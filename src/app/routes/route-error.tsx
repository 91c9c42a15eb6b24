import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PageMessage } from '@/components/query-states';

/** Last line of defence: a failed chunk load or a render error shows a message, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <PageMessage title="This page failed to load">
      {detail}{' '}
      <Button size="small" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </PageMessage>
  );
}
