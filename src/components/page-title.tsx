import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataFreshness, type FreshnessSource } from './data-freshness';

/** A screen's title, with when its figures were read and a Refresh beside it. */
export function PageTitle({
  title,
  freshness,
  children,
}: {
  title: ReactNode;
  freshness?: FreshnessSource[] | undefined;
  /** More on the title's line, e.g. a screen's own buttons. */
  children?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        {freshness ? <DataFreshness sources={freshness} /> : null}
        {children}
      </Stack>
    </Stack>
  );
}
