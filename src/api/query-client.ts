import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError, signedOutEvent } from '@/lib/api-client';
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
 * A 401 on any call means the session ended: see `endSessionOnSignedOut`.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  const client = new QueryClient({
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
  endSessionOnSignedOut(client);
  return client;
}

/**
 * The one path by which a 401 ends the session on screen: every call to the BFF (REST, GraphQL,
 * the index, a CSV export) passes `fetchFromBff`, which says so with `signedOutEvent`, and the
 * session this client holds turns "expired", so the sign-in screen shows at once. Listening from
 * the client's creation, before the router's first loaders run, no 401 comes too early to be
 * heard. The listener holds the client weakly: a client nobody uses any more (a test's) is not
 * kept alive by it, and its listener goes at the next event.
 */
function endSessionOnSignedOut(client: QueryClient): void {
  const held = new WeakRef(client);
  const onSignedOut = () => {
    const current = held.deref();
    if (!current) {
      window.removeEventListener(signedOutEvent, onSignedOut);
      return;
    }
    // Only a session that was open ends: the session probe's own 401 is its answer.
    current.setQueryData<Session>(sessionKeys.all, (session) =>
      session?.status === 'signed-in' ? { status: 'session-expired' } : session,
    );
  };
  window.addEventListener(signedOutEvent, onSignedOut);
}
