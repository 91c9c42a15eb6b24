import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { createRoutes } from '@/app/router';
import { createQueryClient } from '@/api/query-client';

/** The whole app at a path, with a fresh query client (the app's, without retries) and a memory router. */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false, staleTime: Infinity });
  let router!: ReturnType<typeof createMemoryRouter>;
  const view = render(
    <App
      queryClient={queryClient}
      createRouter={(client) => {
        router = createMemoryRouter(createRoutes(client), { initialEntries: [path] });
        return router;
      }}
    />,
  );
  return { ...view, router, queryClient };
}
