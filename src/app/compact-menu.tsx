import Button from '@mui/material/Button';
import { Suspense, lazy, useState } from 'react';
import { useSignOut } from '@/features/auth/components/user-menu';
import type { MeAnswer } from '@/shared/contracts/access';
import { useSchemeSwitch, type MainLink } from './navigation';

const loadMenuList = () => import('./compact-menu-list');
const CompactMenuList = lazy(() =>
  loadMenuList().then((module) => ({ default: module.CompactMenuList })),
);

/**
 * Below 900 px the navigation, the colour scheme and the account fold into one menu, so the bar
 * keeps one line with the name and the search (no "SIGN OUT" wrapped over two lines at 390 px).
 * The list is fetched when a pointer or focus comes near the button, and mounts at the first
 * press: the first screen does not carry a menu it may never open.
 */
export function CompactMenu({
  user,
  signedIn,
  links,
  scope,
}: {
  user: { name: string } | undefined;
  signedIn: boolean;
  links: readonly MainLink[];
  /** What is shared with the person, when access scopes are on. */
  scope: MeAnswer | undefined;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const scheme = useSchemeSwitch();
  const account = useSignOut();
  const close = () => setAnchor(null);
  const prefetch = () => void loadMenuList();
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'storey-menu' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ ml: 'auto', flexShrink: 0 }}
      >
        Menu
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <CompactMenuList
            anchor={anchor}
            onClose={close}
            signedIn={signedIn}
            links={links}
            scope={scope}
            user={user}
            scheme={scheme}
            account={account}
          />
        </Suspense>
      ) : null}
      {account.failureNotice}
    </>
  );
}
