import Button from '@mui/material/Button';
import { Suspense, lazy } from 'react';
import { useSignOut } from '@/features/auth/components/user-menu';
import type { MeAnswer } from '@/shared/contracts/access';
import { useLazyMenu } from './lazy-menu';

const loadAccountMenuList = () => import('./account-menu-list');
const AccountMenuList = lazy(() =>
  loadAccountMenuList().then((module) => ({ default: module.AccountMenuList })),
);

/**
 * The signed-in person's name, opening what concerns them: what is shared with them and signing
 * out. One button keeps the wide bar on one line however long the name, the links and the
 * summary of what is shared; the list is its own chunk, fetched when the button is neared.
 */
export function AccountMenu({ name, scope }: { name: string; scope: MeAnswer | undefined }) {
  const menu = useLazyMenu('storey-account-menu', loadAccountMenuList);
  const account = useSignOut();
  return (
    <>
      <Button
        color="inherit"
        aria-label={`Signed in as ${name}`}
        {...menu.buttonProps}
        sx={{
          flexShrink: 1,
          minWidth: 0,
          maxWidth: 220,
          textTransform: 'none',
          fontSize: '1rem',
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </span>
        <span aria-hidden="true" style={{ marginLeft: 6 }}>
          ▾
        </span>
      </Button>
      {menu.opened ? (
        <Suspense fallback={null}>
          <AccountMenuList
            anchor={menu.anchor}
            onClose={menu.close}
            name={name}
            scope={scope}
            account={account}
          />
        </Suspense>
      ) : null}
      {account.failureNotice}
    </>
  );
}
