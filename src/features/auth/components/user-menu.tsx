import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiHeaders } from '@/lib/api-client';

const stillSignedIn =
  'Sign-out did not go through: you are still signed in. Try again in a moment; if it keeps failing, close the browser.';

/**
 * Ends the session at Storey and at the identity provider (which may ask to confirm). A refused
 * or failed sign-out is a failure the person must see (security review M4): it leaves them
 * signed in, so the page says so instead of reloading as if it had worked.
 */
async function signOut(): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const response = await fetch('/auth/logout', { method: 'POST', headers: apiHeaders });
    if (!response.ok) return { ok: false, message: stillSignedIn };
    const body = (await response.json().catch(() => ({}))) as { redirectTo?: string };
    window.location.assign(body.redirectTo ?? '/');
    return { ok: true };
  } catch {
    return { ok: false, message: stillSignedIn };
  }
}

/** Sign-out for the app bar and the compact menu: whether it is under way, and why it failed. */
export function useSignOut() {
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  return {
    signingOut,
    signOut: () => {
      setSigningOut(true);
      setFailure(undefined);
      void signOut().then((result) => {
        if (!result.ok) {
          setSigningOut(false);
          setFailure(result.message);
        }
      });
    },
    // A plain paper at the top of the page (the first screen's chunk has Paper and Button
    // already; a Snackbar and an Alert would add 10 KB to every first load for a rare failure).
    failureNotice:
      failure === undefined ? null : (
        <Paper
          role="alert"
          elevation={6}
          sx={{
            position: 'fixed',
            top: 72,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 'snackbar',
            maxWidth: 'min(560px, calc(100vw - 32px))',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1,
            bgcolor: 'error.main',
            color: 'error.contrastText',
          }}
        >
          <Typography variant="body2">{failure}</Typography>
          <Button color="inherit" size="small" onClick={() => setFailure(undefined)}>
            Close
          </Button>
        </Paper>
      ),
  };
}
