import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string | undefined;
}

/** Where the page sits, each step a link but the last. */
export function PageBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="Breadcrumbs" sx={{ mb: 1 }}>
      {crumbs.map((crumb, index) =>
        crumb.to && index < crumbs.length - 1 ? (
          <Link key={index} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={index}
            color="text.primary"
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
