import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSignOut } from '@/features/auth/components/user-menu';
import { mainLinks, useSchemeSwitch } from './navigation';

/**
 * Below 900 px the navigation, the colour scheme and the account fold into one menu, so the bar
 * keeps one line with the name and the search (no "SIGN OUT" wrapped over two lines at 390 px).
 */
export function CompactMenu({
  user,
  signedIn,
}: {
  user: { name: string } | undefined;
  signedIn: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const scheme = useSchemeSwitch();
  const account = useSignOut();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'storey-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ml: 'auto', flexShrink: 0 }}
      >
        Menu
      </Button>
      <Menu id="storey-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {signedIn
          ? mainLinks.map((link) => (
              <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
                {link.label}
              </MenuItem>
            ))
          : null}
        {signedIn ? <Divider /> : null}
        <MenuItem
          onClick={() => {
            scheme.switch();
            close();
          }}
        >
          {scheme.label} mode
        </MenuItem>
        {user ? <Divider /> : null}
        {user ? (
          <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            Signed in as {user.name}
          </MenuItem>
        ) : null}
        {user ? (
          <MenuItem
            disabled={account.signingOut}
            onClick={() => {
              close();
              account.signOut();
            }}
          >
            Sign out
          </MenuItem>
        ) : null}
      </Menu>
      {account.failureNotice}
    </>
  );
}
