import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type Crumb } from '@/components/page-breadcrumbs';
import { PartialAnswerAlert } from './route-state-view';

/**
 * The top of a building, floor or room page: a warning if the drill-down answered only in part,
 * the breadcrumbs, the title (with a quieter aside, e.g. "2 of 2") and a line under it.
 */
export function PlaceHeader({
  crumbs,
  title,
  aside,
  partialErrors = [],
  children,
}: {
  crumbs: Crumb[];
  title: string;
  aside?: string | undefined;
  partialErrors?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <>
      <PartialAnswerAlert messages={partialErrors} />
      <div>
        <PageBreadcrumbs crumbs={crumbs} />
        <Typography variant="h4" component="h1">
          {title}
          {aside ? (
            <Typography component="span" variant="h6" color="text.secondary">
              {' '}
              ({aside})
            </Typography>
          ) : null}
        </Typography>
        {children ? <Typography color="text.secondary">{children}</Typography> : null}
      </div>
    </>
  );
}
