import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { plainError } from '@/lib/plain-error';

/** After this long a loading screen says so: a slow platform should not look like a hung page. */
export const stillLoadingAfterMs = 5000;

export function LoadingSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), stillLoadingAfterMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack spacing={1} role="status" aria-live="polite" aria-label={label}>
      {slow ? (
        <Typography color="text.secondary">
          Still loading: the building platform is slow to answer. Storey keeps waiting (up to about
          half a minute) and will say if it gives up.
        </Typography>
      ) : null}
      <Skeleton variant="rounded" height={56} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={28} />
      ))}
    </Stack>
  );
}

export function ErrorState({
  error,
  onRetry,
  what,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
}) {
  const plain = plainError(error);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>
        Could not load {what}. {plain.headline}
      </AlertTitle>
      {plain.next}
      <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.85 }}>
        Details: {plain.detail}
      </Typography>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {children ? <Box sx={{ mt: 1, color: 'text.secondary' }}>{children}</Box> : null}
    </Paper>
  );
}

/** A page that cannot show what was asked: not found, or failed to load, in a titled message. */
export function PageMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary' }}>{children}</Box>
    </Paper>
  );
}

/** A part of the page that could not be loaded while the rest stands: what, and Retry. */
export function PartFailedAlert({
  children,
  onRetry,
}: {
  children: ReactNode;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A CSV export that failed: what happened and what to do, in plain words. */
export function ExportFailedAlert({ error }: { error: unknown }) {
  const { headline, next } = plainError(error);
  return (
    <Alert severity="warning">
      The CSV could not be made. {headline} {next}
    </Alert>
  );
}
