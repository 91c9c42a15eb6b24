import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notShared } from '@/shared/contracts/access';
import { ApiError } from '@/lib/api-client';
import { PageMessage } from './query-states';

/** The BFF's one answer for a place that is not there and one not shared with the person. */
export const isNotShared = (error: unknown): boolean =>
  error instanceof ApiError && error.reason === notShared.reason;

/**
 * One page for a link to a place that does not exist and to one not shared with the person: the
 * server answers both alike (no existence oracle), and so does the page.
 */
export function NotSharedMessage() {
  return (
    <PageMessage title="Not found, or not shared with you">
      {notShared.detail}{' '}
      <Link component={RouterLink} to={paths.portfolio()}>
        Go to the portfolio
      </Link>
    </PageMessage>
  );
}
