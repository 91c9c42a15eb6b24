import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { MeAnswer } from '@/shared/contracts/access';
import { scopeSummary } from '../utils/access-words';

/** The app bar's word on what is shared with the person, leading to "What I can see". */
export function ScopeSummaryLink({ me }: { me: MeAnswer }) {
  if (me.scopes === 'off') return null;
  const summary = scopeSummary(me);
  return (
    <Link
      component={RouterLink}
      to={paths.myAccess()}
      color="inherit"
      underline="hover"
      variant="body2"
      aria-label={`What I can see: ${summary}`}
      sx={{ mx: 1, whiteSpace: 'nowrap', opacity: 0.9 }}
    >
      {summary}
    </Link>
  );
}
