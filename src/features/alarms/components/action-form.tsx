import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';

/** Why an action was not done: the BFF's own words where it refused it, else what to do. */
export function Refused({ error }: { error: unknown }) {
  const { headline, next } = plainError(error);
  const refusal =
    error instanceof ApiError && [400, 403, 404, 409, 422].includes(error.status)
      ? error.detail
      : `${headline} ${next}`;
  return (
    <Alert severity="error" role="alert">
      Not done. {refusal}
    </Alert>
  );
}

/** One action as a form of its own: its field, its button (44 px), and why it was refused. */
export function ActionForm({
  label,
  action,
  button,
  children,
  formShown = true,
}: {
  label: string;
  formShown?: boolean;
  action: { mutate: () => void; isPending: boolean; isError: boolean; error: unknown };
  button: { text: string; variant?: 'contained' | 'outlined'; disabled?: boolean };
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate();
  };
  return (
    <>
      {formShown ? (
        <Stack
          component="form"
          aria-label={label}
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
        >
          {children}
          <Button
            type="submit"
            variant={button.variant ?? 'outlined'}
            disabled={action.isPending || button.disabled === true}
            sx={{ minHeight: 44 }}
          >
            {button.text}
          </Button>
        </Stack>
      ) : null}
      {action.isError ? <Refused error={action.error} /> : null}
    </>
  );
}
