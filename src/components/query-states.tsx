import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

export function LoadingSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <Stack spacing={1} role="status" aria-live="polite" aria-label={label}>
      <Skeleton variant="rounded" height={56} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={28} />
      ))}
    </Stack>
  );
}

function describe(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError) return { title: error.title, detail: error.detail };
  if (error instanceof Error) return { title: 'Something went wrong', detail: error.message };
  return { title: 'Something went wrong', detail: 'An unknown error occurred.' };
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
  const { title, detail } = describe(error);
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
        Could not load {what}: {title}
      </AlertTitle>
      {detail}
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

export function NotFoundState({ title, children }: { title: string; children?: ReactNode }) {
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
