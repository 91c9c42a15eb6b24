import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiHeaders } from '@/lib/api-client';

/** Ends the session at Storey and at the identity provider (which may ask to confirm). */
export async function signOut(): Promise<void> {
  try {
    const response = await fetch('/auth/logout', { method: 'POST', headers: apiHeaders });
    const body = (await response.json().catch(() => ({}))) as { redirectTo?: string };
    window.location.assign(body.redirectTo ?? '/');
  } catch {
    window.location.assign('/');
  }
}

/** The signed-in person's name and a sign-out that also ends the identity provider's session. */
export function UserMenu({ name }: { name: string }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <Typography
        component="span"
        sx={{ mx: 1, display: { xs: 'none', sm: 'inline' } }}
        aria-label={`Signed in as ${name}`}
      >
        {name}
      </Typography>
      <Button
        color="inherit"
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
        disabled={signingOut}
      >
        Sign out
      </Button>
    </>
  );
}
