import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { NotFoundState } from '@/components/query-states';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <NotFoundState title="Page not found">
      There is no page at this address.{' '}
      <Link component={RouterLink} to={paths.portfolio()}>
        Go to the portfolio
      </Link>
    </NotFoundState>
  );
}
