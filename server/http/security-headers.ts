import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Browser-facing headers for every answer: a strict CSP (scripts from Storey only; styles from
 * Storey or carrying this response's nonce, which the dashboard's index.html hands to emotion),
 * no framing, no referrer, and HSTS only where Storey is really served over HTTPS.
 */
export const securityHeaders = fp<{ https: boolean }>(async (app, { https }) => {
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
});
