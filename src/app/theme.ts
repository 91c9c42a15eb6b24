import { createTheme } from '@mui/material/styles';

/** Light and dark schemes; the mode follows the system until the person picks one (kept by MUI in localStorage). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: { primary: { main: '#1d4ed8' }, secondary: { main: '#0f766e' } } },
    dark: { palette: { primary: { main: '#93c5fd' }, secondary: { main: '#5eead4' } } },
  },
  shape: { borderRadius: 8 },
});
