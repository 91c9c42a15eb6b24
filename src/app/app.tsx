import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/api/query-client';
import { listenForNavigationIntent } from './navigation-intent';
import { AppProviders } from './providers';
import { createAppRouter, prefetchRoute } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The dashboard: one query client shared by the providers (screens) and the router (loaders), so
 * what a loader starts is what the screen reads. Tests pass a memory router and their own client.
 */
export function App({
  queryClient,
  createRouter = createAppRouter,
}: {
  queryClient?: QueryClient;
  createRouter?: (queryClient: QueryClient) => AppRouter;
}) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(() => createRouter(queries));
  useEffect(
    () =>
      listenForNavigationIntent(document, (href) => prefetchRoute(router.routes, queries, href)),
    [router, queries],
  );
  return (
    <AppProviders queryClient={queries}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
