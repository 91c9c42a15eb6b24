import Menu from '@mui/material/Menu';
import type { MeAnswer } from '@/shared/contracts/access';
import { accountMenuItems } from './account-menu-items';

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
      {accountMenuItems({ name, scope, account, onClose })}
    </Menu>
  );
}
