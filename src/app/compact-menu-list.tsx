import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import type { MeAnswer } from '@/shared/contracts/access';
import { accountMenuItems } from './account-menu-items';
import type { MainLink } from './navigation';

/** The compact menu's list: its own chunk, since MUI's menu brings a popover, a modal and a focus trap. */
export function CompactMenuList({
  anchor,
  onClose,
  signedIn,
  links,
  scope,
  user,
  scheme,
  account,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  signedIn: boolean;
  links: readonly MainLink[];
  scope: MeAnswer | undefined;
  user: { name: string } | undefined;
  scheme: { label: string; switch: () => void };
  account: { signingOut: boolean; signOut: () => void };
}) {
  return (
    <Menu id="storey-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {signedIn
        ? links.map((link) => (
            <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              {link.label}
            </MenuItem>
          ))
        : null}
      {signedIn ? <Divider /> : null}
      <MenuItem
        onClick={() => {
          scheme.switch();
          onClose();
        }}
      >
        {scheme.label} mode
      </MenuItem>
      {user ? <Divider /> : null}
      {user ? accountMenuItems({ name: user.name, scope, account, onClose }) : null}
    </Menu>
  );
}
