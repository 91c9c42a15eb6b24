import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { SessionSettings, SignInSettings } from '../config';
import { HttpProblem, sendProblem } from '../http/problem';
import { isApiPath } from '../routes/spa';
import { createSealedCodec } from './session-codec';

export interface SignInOptions {
  provider: SignInSettings;
  session: SessionSettings;
  /** Where browsers reach Storey, e.g. http://127.0.0.1:8080 (no trailing slash). */
  publicUrl: string;
}

/** What the session cookie holds: who, and since when. No token of any kind. */
interface Session {
  sub: string;
  name: string;
  email?: string | undefined;
  startedAt: number;
  seenAt: number;
}

interface LoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: { sub: string; name: string; email?: string | undefined };
  }
}

const loginStateSeconds = 10 * 60;

/** Only paths inside Storey: "/x", never "//host", "/\\host", "https://…" or control characters. */
export function safeReturnPath(raw: unknown, publicUrl: string): string {
  if (raw === undefined || raw === '') return '/';
  if (
    typeof raw !== 'string' ||
    !raw.startsWith('/') ||
    raw.startsWith('//') ||
    raw.startsWith('/\\') ||
    [...raw].some((character) => character.charCodeAt(0) < 0x20 || character === '\\')
  ) {
    throw new HttpProblem(400, 'The return address must be a path inside Storey.');
  }
  const resolved = new URL(raw, publicUrl);
  if (resolved.origin !== new URL(publicUrl).origin)
    throw new HttpProblem(400, 'The return address must be a path inside Storey.');
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * OpenID Connect sign-in at the BFF (authorization code + PKCE, state and nonce checked by
 * openid-client) and a server-decided session in an encrypted HttpOnly cookie. API calls without a
 * valid session get a 401 problem.
 */
export async function registerSignIn(app: FastifyInstance, options: SignInOptions): Promise<void> {
  const secure = options.publicUrl.startsWith('https:');
  // __Host- cookies must be Secure, for the whole host, with no Domain: only possible over HTTPS.
  const sessionCookie = secure ? '__Host-storey-session' : 'storey-session';
  const loginCookie = secure ? '__Host-storey-login' : 'storey-login';
  const secret = options.session.secret ?? randomBytes(32).toString('hex');
  const sessions = createSealedCodec(secret, 'session');
  const logins = createSealedCodec(secret, 'login');
  const idleMs = options.session.idleMinutes * 60_000;
  const absoluteMs = options.session.absoluteHours * 3_600_000;
  const redirectUri = `${options.publicUrl}/auth/callback`;

  let configuration: Promise<oidc.Configuration> | undefined;
  const providerConfiguration = () => {
    // Discovered on first use, and again after a failure (the provider may start after Storey).
    configuration ??= oidc
      .discovery(
        new URL(options.provider.issuer),
        options.provider.clientId,
        options.provider.clientSecret,
        undefined,
        {
          ...(options.provider.issuer.startsWith('http:')
            ? { execute: [oidc.allowInsecureRequests] }
            : {}),
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  await app.register(fastifyCookie);
  const cookieBase = { path: '/', httpOnly: true, secure } as const;
  const setSession = async (reply: FastifyReply, session: Session) => {
    const remainingSeconds = Math.max(
      1,
      Math.floor((session.startedAt + absoluteMs - Date.now()) / 1000),
    );
    reply.setCookie(sessionCookie, await sessions.seal({ ...session }, remainingSeconds), {
      ...cookieBase,
      sameSite: 'strict',
      maxAge: remainingSeconds,
    });
  };
  const clearSession = (reply: FastifyReply) =>
    reply.clearCookie(sessionCookie, { ...cookieBase, sameSite: 'strict' });

  const readSession = async (
    request: FastifyRequest,
  ): Promise<{ session?: Session; expired: boolean }> => {
    const raw = request.cookies[sessionCookie];
    if (!raw) return { expired: false };
    const session = await sessions.unseal<Session>(raw);
    if (!session) return { expired: true };
    const now = Date.now();
    if (now - session.startedAt > absoluteMs || now - session.seenAt > idleMs)
      return { expired: true };
    return { session, expired: false };
  };

  /** A 401 problem saying whether the person never signed in or their session ended. */
  const refuse = (reply: FastifyReply, expired: boolean, signedOutDetail: string) => {
    if (expired) clearSession(reply);
    return sendProblem(
      reply,
      401,
      expired ? 'Your session has expired: sign in again.' : signedOutDetail,
      {
        reason: expired ? 'session-expired' : 'signed-out',
      },
    );
  };

  // Sessions guard the API; the CSRF check (registered earlier) still runs first.
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const { session, expired } = await readSession(request);
    if (!session) return refuse(reply, expired, 'Sign in to use Storey.');
    request.user = { sub: session.sub, name: session.name, email: session.email };
    // Sliding idle expiry, written at most once a minute.
    if (Date.now() - session.seenAt > 60_000)
      await setSession(reply, { ...session, seenAt: Date.now() });
  });

  app.get('/auth/me', async (request, reply) => {
    const { session, expired } = await readSession(request);
    reply.header('cache-control', 'no-store');
    if (!session) return refuse(reply, expired, 'Not signed in.');
    return {
      signIn: true,
      name: session.name,
      email: session.email ?? null,
      expiresAt: new Date(session.startedAt + absoluteMs).toISOString(),
    };
  });

  app.get<{ Querystring: { returnTo?: string } }>('/auth/login', async (request, reply) => {
    const returnTo = safeReturnPath(request.query.returnTo, options.publicUrl);
    const config = await providerConfiguration().catch(() => {
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
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(state.codeVerifier),
      code_challenge_method: 'S256',
      state: state.state,
      nonce: state.nonce,
    });
    // Lax: the provider sends the browser back with a cross-site navigation, which Strict would strip.
    reply.setCookie(loginCookie, await logins.seal({ ...state }, loginStateSeconds), {
      ...cookieBase,
      sameSite: 'lax',
      maxAge: loginStateSeconds,
    });
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  });

  app.get('/auth/callback', async (request, reply) => {
    const state = await logins.unseal<LoginState>(request.cookies[loginCookie]);
    reply.clearCookie(loginCookie, { ...cookieBase, sameSite: 'lax' });
    if (!state)
      throw new HttpProblem(
        400,
        'This sign-in was not started here or took too long. Start again.',
      );
    const config = await providerConfiguration();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        config,
        new URL(request.url, options.publicUrl),
        {
          pkceCodeVerifier: state.codeVerifier,
          expectedState: state.state,
          expectedNonce: state.nonce,
          idTokenExpected: true,
        },
      );
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'sign-in callback refused');
      throw new HttpProblem(
        400,
        'The sign-in could not be completed (state, nonce or code did not check out). Start again.',
      );
    }
    if (!claims) throw new HttpProblem(400, 'The provider sent no identity.');
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    const groups = Array.isArray(claims.groups) ? claims.groups.map(String) : [];
    const { allowedDomains, allowedGroups } = options.provider;
    const domain = email?.split('@')[1]?.toLowerCase();
    if (
      (allowedDomains.length > 0 && (!domain || !allowedDomains.includes(domain))) ||
      (allowedGroups.length > 0 && !groups.some((group) => allowedGroups.includes(group)))
    ) {
      throw new HttpProblem(403, 'Your account is not one of those allowed to use Storey.');
    }
    const now = Date.now();
    await setSession(reply, {
      sub: claims.sub,
      name: typeof claims.name === 'string' ? claims.name : (email ?? claims.sub),
      email,
      startedAt: now,
      seenAt: now,
    });
    return reply.header('cache-control', 'no-store').redirect(state.returnTo, 302);
  });

  app.post('/auth/logout', async (_request, reply) => {
    clearSession(reply);
    const config = await providerConfiguration().catch(() => undefined);
    const endSession = config?.serverMetadata().end_session_endpoint
      ? oidc.buildEndSessionUrl(config, {
          client_id: options.provider.clientId,
          post_logout_redirect_uri: `${options.publicUrl}/`,
        }).href
      : '/';
    return reply.header('cache-control', 'no-store').send({ redirectTo: endSession });
  });
}
