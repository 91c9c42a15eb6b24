import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataFreshness, type FreshnessSource } from '@/components/data-freshness';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type Crumb } from '@/components/page-breadcrumbs';
import { PartialAnswerAlert } from './partial-answer-alert';

/**
 * The top of a building, floor or room page: a warning if the drill-down answered only in part,
 * the breadcrumbs, the title (with a quieter aside, e.g. "2 of 2") and a line under it.
 */
export function PlaceHeader({
  crumbs,
  title,
  aside,
  partialErrors = [],
  freshness,
  children,
}: {
  crumbs: Crumb[];
  title: string;
  aside?: string | undefined;
  partialErrors?: readonly string[];
  /** The queries behind the page: "This page updated hh:mm · Refresh", and a stale mark if a refresh fails. */
  freshness?: FreshnessSource[] | undefined;
  children?: ReactNode;
}) {
  return (
    <>
      <PartialAnswerAlert messages={partialErrors} />
      <div>
        <PageBreadcrumbs crumbs={crumbs} />
        {freshness ? (
          <Box sx={{ float: 'right', ml: 2 }}>
            <DataFreshness sources={freshness} />
          </Box>
        ) : null}
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
