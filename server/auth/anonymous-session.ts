import type { FastifyInstance } from 'fastify';

/** /auth/me when nobody signs in (a real platform on loopback without OIDC_ISSUER). */
export function registerAnonymousSession(app: FastifyInstance): void {
  app.get('/auth/me', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ signIn: false, name: null, email: null }),
  );
}
