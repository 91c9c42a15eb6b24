import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useColorScheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
import { Suspense, lazy, useEffect } from 'react';
import { NavLink, Outlet, Link as RouterLink, useNavigation } from 'react-router-dom';
import { sessionKeys, useSession, type Session } from '@/api/get-session';
import { ErrorState } from '@/components/query-states';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { UserMenu } from '@/features/auth/components/user-menu';
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
    <Box sx={{ mr: 2 }}>
      <Suspense
        fallback={
          <TextField
            size="small"
            disabled
            placeholder="Search rooms, floors, buildings…"
            slotProps={{ htmlInput: { 'aria-label': 'Search Storey (loading)' } }}
            sx={{ width: { xs: 180, sm: 260, md: 340 }, bgcolor: 'background.paper' }}
          />
        }
      >
        <GlobalSearch />
      </Suspense>
    </Box>
  );
}

function ColorSchemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <Button color="inherit" onClick={() => setMode(next)} aria-label={`Switch to ${next} mode`}>
      {next === 'dark' ? '☾ Dark' : '☀ Light'}
    </Button>
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
  const user =
    session.data?.status === 'signed-in' && session.data.signIn ? session.data : undefined;
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
            sx={{ mr: 4, fontWeight: 700 }}
          >
            Storey
          </Link>
          <Box component="nav" aria-label="Main" sx={{ flexGrow: 1 }}>
            <NavLink to={paths.portfolio()} end style={navigationLinkStyle}>
              Portfolio
            </NavLink>
            <NavLink to={paths.sites()} style={navigationLinkStyle}>
              Sites
            </NavLink>
            <NavLink to={paths.quality()} style={navigationLinkStyle}>
              Data quality
            </NavLink>
          </Box>
          {session.data?.status === 'signed-in' ? <LazyGlobalSearch /> : null}
          <ColorSchemeToggle />
          {user ? <UserMenu name={user.name ?? user.email ?? 'Signed in'} /> : null}
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
    </Box>
  );
}
