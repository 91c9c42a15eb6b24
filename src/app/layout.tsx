import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import { useColorScheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  NavLink,
  Outlet,
  Link as RouterLink,
  ScrollRestoration,
  useNavigation,
} from 'react-router-dom';
import { sessionKeys, useSession, type Session } from '@/api/get-session';
import { ErrorState } from '@/components/query-states';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { UserMenu, signOut } from '@/features/auth/components/user-menu';
import { signedOutEvent } from '@/lib/api-client';
import { paths } from '@/config/paths';

/** Search is its own chunk (the combobox is not needed to draw the first screen). */
const GlobalSearch = lazy(() =>
  import('@/features/search/components/global-search').then((module) => ({
    default: module.GlobalSearch,
  })),
);

function LazyGlobalSearch() {
  return (
    <Box sx={{ mr: { xs: 0, md: 2 }, minWidth: 0, flexShrink: 1 }}>
      <Suspense
        fallback={
          <TextField
            size="small"
            disabled
            placeholder="Search rooms, floors, buildings…"
            slotProps={{ htmlInput: { 'aria-label': 'Search Storey (loading)' } }}
            sx={{ width: { xs: 170, sm: 260, md: 340 }, bgcolor: 'background.paper' }}
          />
        }
      >
        <GlobalSearch />
      </Suspense>
    </Box>
  );
}

function useSchemeSwitch() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  const next = current === 'dark' ? 'light' : 'dark';
  return { next, label: next === 'dark' ? '☾ Dark' : '☀ Light', switch: () => setMode(next) };
}

function ColorSchemeToggle() {
  const scheme = useSchemeSwitch();
  return (
    <Button color="inherit" onClick={scheme.switch} aria-label={`Switch to ${scheme.next} mode`}>
      {scheme.label}
    </Button>
  );
}

const mainLinks = [
  { label: 'Portfolio', to: paths.portfolio(), end: true },
  { label: 'Sites', to: paths.sites(), end: false },
  { label: 'Data quality', to: paths.quality(), end: false },
] as const;

/**
 * Below 900 px the navigation, the colour scheme and the account fold into one menu, so the bar
 * keeps one line with the name and the search (no "SIGN OUT" wrapped over two lines at 390 px).
 */
function CompactMenu({
  user,
  signedIn,
}: {
  user: { name: string } | undefined;
  signedIn: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const scheme = useSchemeSwitch();
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
            onClick={() => {
              close();
              void signOut();
            }}
          >
            Sign out
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}

const navigationLinkStyle = ({ isActive }: { isActive: boolean }) => ({
  color: 'inherit',
  textDecoration: isActive ? 'underline' : 'none',
  textUnderlineOffset: 6,
  marginRight: 16,
  fontWeight: 500,
});

/** When any call learns the session ended, show the sign-in screen (once; the probe's own 401 does not loop). */
function useSessionEndedListener() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onSignedOut = () => {
      const current = queryClient.getQueryData<Session>(sessionKeys.all);
      if (current?.status === 'signed-in' && current.signIn)
        queryClient.setQueryData<Session>(sessionKeys.all, { status: 'session-expired' });
    };
    window.addEventListener(signedOutEvent, onSignedOut);
    return () => window.removeEventListener(signedOutEvent, onSignedOut);
  }, [queryClient]);
}

function MainContent() {
  const session = useSession();
  if (session.isPending) return <LinearProgress aria-label="Checking your session" />;
  if (session.isError)
    return (
      <ErrorState what="Storey" error={session.error} onRetry={() => void session.refetch()} />
    );
  if (session.data.status !== 'signed-in')
    return <SignInScreen expired={session.data.status === 'session-expired'} />;
  return (
    <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
      <Outlet />
    </Suspense>
  );
}

export function AppLayout() {
  const navigation = useNavigation();
  const session = useSession();
  useSessionEndedListener();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const signedIn = session.data?.status === 'signed-in';
  const user =
    session.data?.status === 'signed-in' && session.data.signIn ? session.data : undefined;
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
            <>
              {signedIn ? <LazyGlobalSearch /> : null}
              <CompactMenu user={userName ? { name: userName } : undefined} signedIn={signedIn} />
            </>
          ) : (
            <>
              {/* Where to go is shown to people who may go there: not on the sign-in screen. */}
              <Box component="nav" aria-label="Main" sx={{ flexGrow: 1 }}>
                {signedIn
                  ? mainLinks.map((link) => (
                      <NavLink
                        key={link.to}
                        to={link.to}
                        end={link.end}
                        style={navigationLinkStyle}
                      >
                        {link.label}
                      </NavLink>
                    ))
                  : null}
              </Box>
              {signedIn ? <LazyGlobalSearch /> : null}
              <ColorSchemeToggle />
              {userName ? <UserMenu name={userName} /> : null}
            </>
          )}
        </Toolbar>
        {navigation.state === 'loading' ? (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}
          />
        ) : null}
      </AppBar>
      <Container component="main" id="main" maxWidth="xl" sx={{ py: 3 }} tabIndex={-1}>
        <MainContent />
      </Container>
      {/* Back and Forward return to where the page was scrolled; a new page starts at its top. */}
      <ScrollRestoration />
    </Box>
  );
}
