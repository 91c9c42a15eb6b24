import type { FastifyPluginAsync } from 'fastify';
import * as oidc from 'openid-client';
import type { SignInContext } from './sign-in-context.ts';

/** Set at sign-out, read once by the next sign-in: no secret, only "ask for the password". */
export const signedOutCookie = 'storey-signed-out';
export const signedOutCookieOptions = { path: '/auth', httpOnly: true, sameSite: 'lax' } as const;

/**
 * POST /auth/logout: ends the session on every instance (revocation record), forgets the ID
 * token, and sends the browser to the provider's end-session endpoint with id_token_hint. Works
 * with an ended session too, so a person can always sign out of the provider.
 */
export const signOutRoute: FastifyPluginAsync<
  SignInContext & { discovery: () => Promise<oidc.Configuration> }
> = async (app, context) => {
  const { sessions, store } = context;
  // Never rate limited: it only removes state, and a bucket shared with strangers at the same
  // address would let them refuse a person's sign-out (security review M4).
  app.post('/auth/logout', { config: { rateLimit: false } }, async (request, reply) => {
    const lookup = await sessions.read(request);
    sessions.clear(reply);
    let idToken: string | undefined;
    if (lookup.status !== 'none' && lookup.session) {
      await sessions.revoke(lookup.session);
      idToken = await store.take(sessions.idTokenKey(lookup.session));
      await store.take(sessions.refreshTokenKey(lookup.session));
    }
    reply.setCookie(signedOutCookie, '1', {
      ...signedOutCookieOptions,
      secure: sessions.secure,
      maxAge: 24 * 60 * 60,
    });
    const config = await context.discovery().catch(() => undefined);
    const endSession = config?.serverMetadata().end_session_endpoint
      ? oidc.buildEndSessionUrl(config, {
          client_id: context.provider.clientId,
          post_logout_redirect_uri: `${context.publicUrl}/`,
          ...(idToken ? { id_token_hint: idToken } : {}),
        }).href
      : '/';
    return reply.send({ redirectTo: endSession });
  });
};
