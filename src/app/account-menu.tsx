import Button from '@mui/material/Button';
import { Suspense, lazy, useState } from 'react';
import { useSignOut } from '@/features/auth/components/user-menu';
import type { MeAnswer } from '@/shared/contracts/access';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const account = useSignOut();
  const prefetch = () => void loadAccountMenuList();
  return (
    <>
      <Button
        color="inherit"
        aria-label={`Signed in as ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'storey-account-menu' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
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
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenuList
            anchor={anchor}
            onClose={() => setAnchor(null)}
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
