import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import {
  NavLink,
  Outlet,
  Link as RouterLink,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from 'react-router-dom';
import { meQueryOptions } from '@/api/get-access';
import { mayRead, useSession, type Session } from '@/api/get-session';
import { ErrorState } from '@/components/query-states';
import { NothingShared } from '@/features/access/components/nothing-shared';
import { ScopeSummaryLink } from '@/features/access/components/scope-summary-link';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { IndexStatusBar } from '@/features/index-status/components/index-status-bar';
import { paths } from '@/config/paths';
import { signInRefusals, type SignInRefusal } from '@/shared/contracts/access';
import { usePrinting } from '@/components/print/use-printing';

import { AccountMenu } from './account-menu';
import { LazyGlobalSearch } from './lazy-global-search';
import { mainLinks, useSchemeSwitch } from './navigation';
import { AlarmCount } from '@/features/alarms/components/alarm-count';

/** The compact menu (and MUI's Menu with it) loads only on narrow screens. */
const CompactMenu = lazy(() =>
  import('./compact-menu').then((module) => ({ default: module.CompactMenu })),
);

function ColorSchemeToggle() {
  const scheme = useSchemeSwitch();
  return (
    <Button color="inherit" onClick={scheme.switch} aria-label={`Switch to ${scheme.next} mode`}>
      {scheme.label}
    </Button>
  );
}

const navigationLinkStyle = ({ isActive }: { isActive: boolean }) => ({
  color: 'inherit',
  whiteSpace: 'nowrap' as const,
  textDecoration: isActive ? 'underline' : 'none',
  textUnderlineOffset: 6,
  marginRight: 14,
  fontWeight: 500,
});

/** What is shared with the signed-in person (nothing to ask where nobody signs in). */
const useMeWhenSignedIn = (session: Session | undefined) =>
  useQuery({ ...meQueryOptions(), enabled: session?.status === 'signed-in' });

/** Why the last sign-in was refused, when the BFF sent the browser back with a reason. */
function refusalOf(search: string): SignInRefusal | undefined {
  const reason = new URLSearchParams(search).get('signInRefused');
  return reason !== null && Object.hasOwn(signInRefusals, reason)
    ? (reason as SignInRefusal)
    : undefined;
}

function MainContent() {
  const session = useSession();
  const me = useMeWhenSignedIn(session.data);
  const location = useLocation();
  if (session.isPending) return <LinearProgress aria-label="Checking your session" />;
  if (session.isError)
    return (
      <ErrorState what="Storey" error={session.error} onRetry={() => void session.refetch()} />
    );
  if (!mayRead(session.data)) {
    const refused = refusalOf(location.search);
    const search = new URLSearchParams(location.search);
    search.delete('signInRefused');
    const query = search.toString();
    return (
      <SignInScreen
        expired={session.data.status === 'session-expired'}
        refused={refused}
        returnTo={`${location.pathname}${query ? `?${query}` : ''}${location.hash}`}
      />
    );
  }
  // Someone whose groups are given nothing: whom to ask, not empty screens (their own access
  // page stays open, to show which groups they came with).
  if (me.data?.scopes === 'on' && me.data.role === null && location.pathname !== paths.myAccess())
    return <NothingShared groups={me.data.groups} contact={me.data.contact} />;
  return (
    <>
      <IndexStatusBar placement="above" />
      {/* At least a screen high: the index's line below starts off screen, so it does not jump
          down the first screen while the page's parts arrive (layout shift, #54). */}
      <Box sx={{ minHeight: '100vh', '@media print': { minHeight: 0 } }}>
        <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Box>
      <IndexStatusBar placement="below" />
    </>
  );
}

export function AppLayout() {
  const navigation = useNavigation();
  const session = useSession();
  // Every page prints in the light scheme (use-printing.ts swaps it while printing).
  usePrinting();
  // Below 1200 px the links, search, scope, scheme and account do not fit one line: the Menu holds them.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const signedIn = mayRead(session.data);
  const me = useMeWhenSignedIn(session.data);
  const links =
    me.data?.role === 'admin' && me.data.scopes === 'on'
      ? [...mainLinks, { label: 'Access', to: paths.access(), end: false }]
      : mainLinks;
  const user = session.data?.status === 'signed-in' ? session.data : undefined;
  const userName = user ? (user.name ?? user.email ?? 'Signed in') : undefined;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <Link
            component={RouterLink}
            to={paths.portfolio()}
            color="inherit"
            underline="none"
            variant="h6"
            sx={{ mr: { xs: 1.5, md: 4 }, fontWeight: 700 }}
          >
            Storey
          </Link>
          {compact ? (
            <CompactBar signedIn={signedIn} links={links} me={me.data} userName={userName} />
          ) : (
            <WideBar signedIn={signedIn} links={links} me={me.data} userName={userName} />
          )}
        </Toolbar>
        {navigation.state === 'loading' ? (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}
          />
        ) : null}
      </AppBar>
      {/* While the next screen's code loads, the old one is marked busy and, past ~150 ms, faded:
          it never passes for the page that was asked for. */}
      <Container
        component="main"
        id="main"
        maxWidth="xl"
        tabIndex={-1}
        aria-busy={navigation.state === 'loading'}
        sx={{
          py: 3,
          transition: 'opacity 0s',
          '&[aria-busy="true"]': { opacity: 0.55, transition: 'opacity 120ms ease-in 150ms' },
        }}
      >
        <MainContent />
      </Container>
      {/* Back and Forward return to where the page was scrolled; a new page starts at its top. */}
      <ScrollRestoration />
    </Box>
  );
}

/** What either app bar shows: where to go, who is signed in and what they may see. */
interface BarProps {
  signedIn: boolean;
  links: ReadonlyArray<{ label: string; to: string; end: boolean }>;
  me: ReturnType<typeof useMeWhenSignedIn>['data'];
  userName: string | undefined;
}

/** The app bar below 1200 px: search, and the Menu that holds the rest (loaded when shown). */
function CompactBar({ signedIn, links, me, userName }: BarProps) {
  return (
    <>
      {signedIn ? <LazyGlobalSearch /> : null}
      <Suspense
        fallback={
          <Button color="inherit" disabled sx={{ ml: 'auto' }}>
            Menu
          </Button>
        }
      >
        <CompactMenu
          user={userName ? { name: userName } : undefined}
          signedIn={signedIn}
          links={links}
          scope={me}
        />
      </Suspense>
    </>
  );
}

/**
 * The app bar from 1200 px: the main links, search, scope, scheme and account in one line. Where
 * to go is shown to people who may go there: not on the sign-in screen.
 */
function WideBar({ signedIn, links, me, userName }: BarProps) {
  return (
    <>
      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1 }}>
        {signedIn
          ? links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} style={navigationLinkStyle}>
                {link.label}
                {link.to === paths.alarms() ? <AlarmCount /> : null}
              </NavLink>
            ))
          : null}
      </Box>
      {signedIn ? <LazyGlobalSearch /> : null}
      {me ? <ScopeSummaryLink me={me} /> : null}
      <ColorSchemeToggle />
      {userName ? <AccountMenu name={userName} scope={me} /> : null}
    </>
  );
}
