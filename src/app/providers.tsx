import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/api/query-client';
import { measureVariables } from '@/components/charts/measure-palette';
import { createStyleCache } from '@/lib/style-cache';
import { theme } from './theme';

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme} defaultMode="system">
        <CssBaseline enableColorScheme />
        <GlobalStyles
          styles={{
            ':root, .light': measureVariables('light'),
            '.dark': measureVariables('dark'),
          }}
        />
        <QueryClientProvider client={queries}>{children}</QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
