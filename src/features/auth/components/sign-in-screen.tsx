import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { signInRefusals, type SignInRefusal } from '@/shared/contracts/access';

/** Shown instead of any screen while nobody is signed in; signing in comes back to this very page. */
export function SignInScreen({
  expired,
  refused,
  returnTo,
}: {
  expired: boolean;
  /** Why the last sign-in was refused, when it was. */
  refused?: SignInRefusal | undefined;
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
      {refused ? (
        // Plain words in the first chunk's parts (an Alert would add its icons to every first load).
        <Typography role="alert" color="error" sx={{ mb: 3, textAlign: 'left' }}>
          Storey could not sign you in. {signInRefusals[refused]}
        </Typography>
      ) : null}
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
