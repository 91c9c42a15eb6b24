import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Shown instead of any screen while nobody is signed in; signing in comes back to this very page. */
export function SignInScreen({
  expired,
  returnTo,
}: {
  expired: boolean;
  /** The page being looked at (path, query and hash), to come back to after signing in. */
  returnTo: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, mx: 'auto', mt: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {expired ? 'Your session has expired' : 'Sign in to Storey'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {expired
          ? 'For your organisation’s security, sessions end after a while. Sign in again to carry on where you were.'
          : 'Storey shows your organisation’s buildings to the people of your organisation. Sign in with your work account.'}
      </Typography>
      <Button
        variant="contained"
        size="large"
        href={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`}
      >
        Sign in
      </Button>
    </Paper>
  );
}
