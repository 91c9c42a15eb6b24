import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Provider as UrqlProvider, type Client } from 'urql';
import { createGraphqlClient } from '@/lib/graphql';
import { createQueryClient } from '@/lib/query-client';
import { createStyleCache } from '@/lib/style-cache';
import { theme } from './theme';

export function AppProviders({
  children,
  queryClient,
  graphqlClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  graphqlClient?: Client;
}) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [graphql] = useState(() => graphqlClient ?? createGraphqlClient());
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme} defaultMode="system">
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queries}>
          <UrqlProvider value={graphql}>{children}</UrqlProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
