import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { PageMessage } from '@/components/query-states';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <PageMessage title="Page not found">
      There is no page at this address.{' '}
      <Link component={RouterLink} to={paths.portfolio()}>
        Go to the portfolio
      </Link>
    </PageMessage>
  );
}
