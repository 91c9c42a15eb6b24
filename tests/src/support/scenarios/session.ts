/**
 * Who is signed in (GET /auth/me) and what they may see (GET /api/me), and a session that ends
 * midway.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MeAnswer } from '@/shared/contracts/access';
import { indexBuildingNotReady } from './index-places';

export const session = (body: Record<string, unknown>, status = 200) =>
  http.get('*/auth/me', () =>
    status === 200
      ? HttpResponse.json(body)
      : HttpResponse.json(body, {
          status,
          headers: { 'content-type': 'application/problem+json' },
        }),
  );

/** GET /api/me where access scopes are off (no SCOPES_FILE): everyone sees everything. */
export const scopesOffMe: MeAnswer = {
  sub: 'demo-dana',
  name: 'Dana Demo',
  scopes: 'off',
  all: true,
  allVia: [],
  role: 'viewer',
  groups: [],
  organizations: [],
  sites: [],
  buildings: [],
  counts: null,
  contact: null,
};

export const meHandler = (me: MeAnswer) => http.get('*/api/me', () => HttpResponse.json(me));

export function signedIn(name = 'Dana Demo'): RequestHandler[] {
  return [
    session({ signIn: true, name, email: 'dana@storey.example' }),
    meHandler({ ...scopesOffMe, name }),
  ];
}

export function signedOut(
  reason: 'signed-out' | 'session-expired' = 'signed-out',
): RequestHandler[] {
  return [
    session(
      {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'Sign in to use Storey.',
        reason,
      },
      401,
    ),
  ];
}

/** Sign-in switched off (loopback only): no user, no sign-out. */
export function anonymousAccess(): RequestHandler[] {
  return [session({ signIn: false, name: null, email: null })];
}

/** The session ends while the person is using Storey: the API answers 401. */
export function sessionEndsMidway(
  which: 'listing' | 'graphql' | { get: string } = 'listing',
): RequestHandler[] {
  const ended = () =>
    HttpResponse.json(
      {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'Your session has expired: sign in again.',
        reason: 'session-expired',
      },
      { status: 401, headers: { 'content-type': 'application/problem+json' } },
    );
  if (which === 'graphql') return [http.post('*/graphql', ended)];
  return [
    indexBuildingNotReady(),
    http.get(which === 'listing' ? '*/api/Buildings' : which.get, ended),
  ];
}
