import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useColorScheme } from '@mui/material/styles';
import { Suspense } from 'react';
import { NavLink, Outlet, Link as RouterLink, useNavigation } from 'react-router-dom';

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

export function AppLayout() {
  const navigation = useNavigation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <Link
            component={RouterLink}
            to="/"
            color="inherit"
            underline="none"
            variant="h6"
            sx={{ mr: 4, fontWeight: 700 }}
          >
            Storey
          </Link>
          <Box component="nav" aria-label="Main" sx={{ flexGrow: 1 }}>
            <NavLink to="/" end style={navigationLinkStyle}>
              Portfolio
            </NavLink>
            <NavLink to="/sites" style={navigationLinkStyle}>
              Sites
            </NavLink>
          </Box>
          <ColorSchemeToggle />
        </Toolbar>
        {navigation.state === 'loading' ? (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}
          />
        ) : null}
      </AppBar>
      <Container component="main" id="main" maxWidth="xl" sx={{ py: 3 }} tabIndex={-1}>
        <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
