import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { sessionKeys, type Session } from './get-session';

/**
 * The dashboard's one query client.
 *
 * Reads keyed by a place or the portfolio (buildings, sites, floors, rooms, outline, capabilities,
 * a place's conditions, devices, quality and energy) do not take the query's abort signal:
 * successive pages share them, and at a page swap they are briefly unobserved, which would abort
 * a read the next page's loader had already started and ask it again once that page mounts
 * (`tests/src/shared-reads.test.ts`). Reads keyed by a screen's own choice (a filter, a history
 * range, a search) keep it, so a changed choice stops the read it replaced. `queries` overrides the defaults (tests turn retries off).
 * A 401 on any read means the session ended: the sign-in screen shows at once, whichever screen
 * (or route loader, before any screen has mounted) asked.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof ApiError) || error.status !== 401) return;
        if (query.queryKey[0] === sessionKeys.all[0]) return;
        client.setQueryData<Session>(sessionKeys.all, (current) =>
          current?.status === 'signed-in' ? { status: 'session-expired' } : current,
        );
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A route's loader asks at each navigation; a screen mounting right after a failed
        // answer shows it with its Retry instead of asking the platform a second time.
        retryOnMount: false,
        // Retrying a refusal (4xx) cannot help; a passing failure (5xx, network) may.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 429
          ),
        ...queries,
      },
    },
  });
  return client;
}
