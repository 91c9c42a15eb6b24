import Button from '@mui/material/Button';
import { Suspense, lazy } from 'react';
import { useSignOut } from '@/features/auth/components/user-menu';
import type { MeAnswer } from '@/shared/contracts/access';
import { useLazyMenu } from './lazy-menu';
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
  const menu = useLazyMenu('storey-menu', loadMenuList);
  const scheme = useSchemeSwitch();
  const account = useSignOut();
  return (
    <>
      <Button color="inherit" {...menu.buttonProps} sx={{ ml: 'auto', flexShrink: 0 }}>
        Menu
      </Button>
      {menu.opened ? (
        <Suspense fallback={null}>
          <CompactMenuList
            anchor={menu.anchor}
            onClose={menu.close}
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
