import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { scopeSummary } from '@/features/access/utils/access-words';
import type { MeAnswer } from '@/shared/contracts/access';

/** The account menu's list: its own chunk, since MUI's menu brings a popover, a modal and a focus trap. */
export function AccountMenuList({
  anchor,
  onClose,
  name,
  scope,
  account,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  name: string;
  scope: MeAnswer | undefined;
  account: { signingOut: boolean; signOut: () => void };
}) {
  return (
    <Menu id="storey-account-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
        Signed in as {name}
      </MenuItem>
      {scope && scope.scopes === 'on' ? (
        <MenuItem component={RouterLink} to={paths.myAccess()} onClick={onClose}>
          What I can see: {scopeSummary(scope)}
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem
        disabled={account.signingOut}
        onClick={() => {
          onClose();
          account.signOut();
        }}
      >
        Sign out
      </MenuItem>
    </Menu>
  );
}
