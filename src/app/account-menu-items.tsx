import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { scopeSummary } from '@/features/access/utils/access-words';
import type { MeAnswer } from '@/shared/contracts/access';

/**
 * What concerns the signed-in person, in the account menu (wide) and the compact menu (narrow):
 * who is signed in, what is shared with them, and Sign out. An array, not a fragment: MUI's
 * Menu takes its items as direct children.
 */
export function accountMenuItems({
  name,
  scope,
  account,
  onClose,
}: {
  name: string;
  scope: MeAnswer | undefined;
  account: { signingOut: boolean; signOut: () => void };
  onClose: () => void;
}) {
  return [
    <MenuItem key="who" disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
      Signed in as {name}
    </MenuItem>,
    ...(scope && scope.scopes === 'on'
      ? [
          <MenuItem key="scope" component={RouterLink} to={paths.myAccess()} onClick={onClose}>
            What I can see: {scopeSummary(scope)}
          </MenuItem>,
        ]
      : []),
    <Divider key="divider" />,
    <MenuItem
      key="sign-out"
      disabled={account.signingOut}
      onClick={() => {
        onClose();
        account.signOut();
      }}
    >
      Sign out
    </MenuItem>,
  ];
}
