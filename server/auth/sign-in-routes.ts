import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { SignInSettings } from '../config.ts';
import { HttpProblem } from '../http/problem.ts';
import { readGroups } from '../access/groups-claim.ts';
import { signInRefusals, type SignInRefusal } from '../../src/shared/contracts/access.ts';
import { refuseWithoutSession } from './require-session.ts';
import { createSealedCodec } from './session-codec.ts';
import type { SignInContext } from './sign-in-context.ts';
import { signedOutCookie, signedOutCookieOptions } from './sign-out.ts';

interface LoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: {
      sub: string;
      name: string;
      email?: string | undefined;
      /** Only a verified address may grant anything (security review M6). */
      emailVerified?: boolean | undefined;
      /** As the identity provider sent them at sign-in (kept with the session on the server). */
      groups: readonly string[];
    };
  }
}

const loginStateSeconds = 10 * 60;
const refusedReturn = 'The return address must be a path inside Storey.';

/**
 * Only paths inside Storey. Checked after the URL parser has normalised it (dot segments,
 * percent-encoded dots), since "/.//evil.example" and "/%2e//x" both become "//host" paths, which
 * a browser reads as another site. The answer always starts with exactly one "/".
 */
export function safeReturnPath(raw: unknown, publicUrl: string): string {
  if (raw === undefined || raw === '') return '/';
  if (
    typeof raw !== 'string' ||
    !raw.startsWith('/') ||
    raw.startsWith('//') ||
    [...raw].some((character) => character.charCodeAt(0) < 0x20 || character === '\\')
  ) {
    throw new HttpProblem(400, refusedReturn);
  }
  const origin = new URL(publicUrl).origin;
  const resolved = new URL(raw, origin);
  if (resolved.origin !== origin) throw new HttpProblem(400, refusedReturn);
  const pathname = resolved.pathname.replace(/^\/{2,}/, '/');
  return `${pathname}${resolved.search}${resolved.hash}`;
}

/** The e-mail's domain: the part after the last "@" ("a@b@evil.example" is evil.example's). */
export function emailDomain(email: string | undefined): string | undefined {
  if (!email) return undefined;
  const at = email.lastIndexOf('@');
  return at < 0 ? undefined : email.slice(at + 1).toLowerCase();
}

/** The provider's configuration, discovered on first use. */
export function providerDiscovery(provider: SignInSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;
  return () => {
    // Discovered on first use, and again after a failure (the provider may start after Storey).
    configuration ??= oidc
      .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        ...(provider.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
}

type SignInOptions = SignInContext & { discovery: () => Promise<oidc.Configuration> };

/** What the sign-in's two steps share: the login cookie, its sealing, where the provider returns. */
interface SignInKit {
  context: SignInOptions;
  origin: string;
  loginCookie: string;
  logins: ReturnType<typeof createSealedCodec>;
  cookieBase: { path: '/'; httpOnly: true; secure: boolean };
  redirectUri: string;
}

/**
 * OpenID Connect sign-in at the BFF (authorization code + PKCE, state and nonce checked by
 * openid-client, each state usable once): /auth/login, /auth/callback and /auth/me. Public
 * routes, rate limited per address. Sign-out lives with the API (`signOutRoute`), behind X-CSRF.
 */
export const signInRoutes: FastifyPluginAsync<SignInOptions> = async (app, context) => {
  const { sessions, store, publicUrl } = context;
  const loginCookie = sessions.secure ? '__Host-storey-login' : 'storey-login';
  const kit: SignInKit = {
    context,
    origin: new URL(publicUrl).origin,
    loginCookie,
    logins: createSealedCodec(context.secret, 'login', context.clock),
    cookieBase: { path: '/', httpOnly: true, secure: sessions.secure },
    redirectUri: `${publicUrl}/auth/callback`,
  };

  app.get('/auth/me', async (request, reply) => {
    const lookup = await sessions.read(request);
    reply.header('cache-control', 'no-store');
    if (lookup.status !== 'active')
      return refuseWithoutSession(reply, sessions, lookup, 'Not signed in.');
    const { session } = lookup;
    return {
      signIn: true,
      name: session.name,
      email: session.email ?? null,
      expiresAt: new Date(session.startedAt + sessions.absoluteMs).toISOString(),
    };
  });

  await app.register(async (attempts) => {
    await attempts.register(fastifyRateLimit, {
      max: context.attemptsPerMinute,
      timeWindow: 60_000,
      // Each sign-in has its own bucket (its login cookie): strangers at the same address, behind
      // one NAT or an ingress, cannot lock a person out by filling the address's (review L2).
      keyGenerator: (request) => {
        const login = request.cookies[loginCookie];
        return login
          ? `login:${createHash('sha256').update(login).digest('base64url')}`
          : `ip:${request.ip}`;
      },
      // The store down: the route's own use of the store answers 503, not the limiter a 500 (L4).
      skipOnError: true,
      ...(store.redis ? { redis: store.redis, nameSpace: 'storey-auth-limit:' } : {}),
      errorResponseBuilder: () =>
        new HttpProblem(
          429,
          'Too many sign-in attempts from this address. Wait a minute and try again.',
        ),
    });
    // Only redirects to the provider: nothing to guess, so not counted (security review L2).
    attempts.get<{ Querystring: { returnTo?: string } }>(
      '/auth/login',
      { config: { rateLimit: false } },
      (request, reply) => startSignIn(kit, request, reply),
    );
    attempts.get('/auth/callback', (request, reply) => completeSignIn(kit, request, reply));
  });
};

/** /auth/login: a new state, nonce and PKCE verifier, sealed in the login cookie; off to the provider. */
async function startSignIn(
  kit: SignInKit,
  request: FastifyRequest<{ Querystring: { returnTo?: string } }>,
  reply: FastifyReply,
) {
  const { context } = kit;
  const { sessions } = context;
  const returnTo = safeReturnPath(request.query.returnTo, context.publicUrl);
  const config = await context.discovery().catch(() => {
    throw new HttpProblem(
      503,
      'The sign-in provider cannot be reached just now. Try again shortly.',
    );
  });
  const state: LoginState = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    returnTo,
  };
  // Right after a sign-out the provider may still hold a session (its own sign-out needs a
  // confirmation the person may have skipped): ask for the password rather than sign the
  // same person straight back in.
  const afterSignOut = request.cookies[signedOutCookie] === '1';
  if (afterSignOut)
    reply.clearCookie(signedOutCookie, { ...signedOutCookieOptions, secure: sessions.secure });
  // A refresh token, where groups are read again and the provider offers one.
  const offline =
    context.groupsRefreshMinutes > 0 &&
    (config.serverMetadata().scopes_supported ?? []).includes('offline_access');
  const url = oidc.buildAuthorizationUrl(config, {
    ...(afterSignOut ? { prompt: 'login' } : {}),
    redirect_uri: kit.redirectUri,
    scope: offline ? 'openid profile email offline_access' : 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(state.codeVerifier),
    code_challenge_method: 'S256',
    state: state.state,
    nonce: state.nonce,
  });
  // Lax: the provider sends the browser back with a cross-site navigation, which Strict would strip.
  reply.setCookie(kit.loginCookie, await kit.logins.seal({ ...state }, loginStateSeconds), {
    ...kit.cookieBase,
    sameSite: 'lax',
    maxAge: loginStateSeconds,
  });
  return reply.header('cache-control', 'no-store').redirect(url.href, 302);
}

/**
 * /auth/callback: the state once, the code exchanged and checked, the person admitted (or
 * refused, in words), a session started and the tokens kept server-side.
 */
async function completeSignIn(kit: SignInKit, request: FastifyRequest, reply: FastifyReply) {
  const { context } = kit;
  const { sessions, store } = context;
  const state = await kit.logins.unseal<LoginState>(request.cookies[kit.loginCookie]);
  reply.clearCookie(kit.loginCookie, { ...kit.cookieBase, sameSite: 'lax' });
  if (!state)
    throw new HttpProblem(400, 'This sign-in was not started here or took too long. Start again.');
  // A replayed callback (the same state twice) is refused before the code is even tried.
  if (!(await store.claimOnce(`login-state:${state.state}`, loginStateSeconds * 1000)))
    throw new HttpProblem(400, 'This sign-in was already completed once. Start again.');
  const config = await context.discovery();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, context.publicUrl), {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: state.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    request.log.warn({ reason: (error as Error).name }, 'sign-in callback refused');
    throw new HttpProblem(
      400,
      'The sign-in could not be completed (state, nonce or code did not check out). Start again.',
    );
  }
  const claims = tokens.claims();
  if (!claims) throw new HttpProblem(400, 'The provider sent no identity.');
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const admitted = admit(claims, email, context, request.log);
  if ('refused' in admitted) {
    // A browser is sent back to the sign-in screen, which says why in words; anything else
    // (a script, a test) reads the problem.
    if (/text\/html/.test(request.headers.accept ?? ''))
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${kit.origin}/?signInRefused=${admitted.refused}`, 302);
    throw new HttpProblem(403, signInRefusals[admitted.refused], { reason: admitted.refused });
  }
  const { groups } = admitted;
  const session = await sessions.start(reply, {
    sub: claims.sub,
    name: typeof claims.name === 'string' ? claims.name : (email ?? claims.sub),
    email,
    emailVerified: claims.email_verified === true,
    groups,
  });
  await context
    .onSignIn?.({ sub: session.sub, name: session.name, email, groups })
    .catch((error: unknown) =>
      request.log.warn({ err: error }, 'the sign-in could not be recorded for the access pages'),
    );
  // Kept server-side for the provider's sign-out (id_token_hint); it never reaches the browser.
  if (tokens.id_token)
    await store.put(sessions.idTokenKey(session), tokens.id_token, sessions.absoluteMs);
  // Kept server-side too: what the groups are read again with (groups-refresh.ts).
  if (tokens.refresh_token && context.groupsRefreshMinutes > 0)
    await store.put(sessions.refreshTokenKey(session), tokens.refresh_token, sessions.absoluteMs);
  return reply.header('cache-control', 'no-store').redirect(`${kit.origin}${state.returnTo}`, 302);
}

/**
 * Whether the provider's identity may sign in here: its groups read (a token that leaves them out
 * for their number is refused), and the allowed e-mail domains and groups, where set.
 */
function admit(
  claims: oidc.IDToken,
  email: string | undefined,
  context: SignInOptions,
  log: FastifyBaseLogger,
): { groups: string[] } | { refused: SignInRefusal } {
  const reading = readGroups(claims, context.groupsClaim);
  if (reading.kind === 'overage') {
    log.warn(
      { sub: claims.sub },
      'sign-in refused: the token leaves the groups out (too many groups)',
    );
    return { refused: 'too-many-groups' };
  }
  if (reading.kind === 'unreadable')
    log.warn(
      { sub: claims.sub, why: reading.why },
      'the groups claim could not be read: taken as no groups',
    );
  const groups = reading.kind === 'groups' ? reading.groups : [];
  const { allowedDomains, allowedGroups } = context.provider;
  // An unverified address proves nothing about its domain: anyone can type one in.
  const domain = claims.email_verified === true ? emailDomain(email) : undefined;
  if (
    (allowedDomains.length > 0 && (!domain || !allowedDomains.includes(domain))) ||
    (allowedGroups.length > 0 && !groups.some((group) => allowedGroups.includes(group)))
  )
    return { refused: 'not-allowed' };
  return { groups };
}
