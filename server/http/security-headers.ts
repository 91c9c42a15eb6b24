import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet, { contentSecurityPolicy } from 'helmet';

/**
 * The CSP for every answer: scripts and styles from Storey only, no framing, nothing else. The
 * dashboard's page adds a nonce of its own for the <style> emotion injects (`pagePolicy`).
 */
const directives = {
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
};

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** The headers a helmet middleware sets, worked out once instead of on every request. */
function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  middleware(
    {} as IncomingMessage,
    {
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
      removeHeader: (name: string) => delete headers[name.toLowerCase()],
    } as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/** The page's CSP: as every answer's, plus this response's nonce for scripts and styles. */
export function pagePolicy(nonce: string): string {
  const nonced = [`'self'`, `'nonce-${nonce}'`];
  return headersSetBy(
    contentSecurityPolicy({
      useDefaults: false,
      directives: { ...directives, scriptSrc: nonced, styleSrc: nonced },
    }),
  )['content-security-policy']!;
}

/** A fresh nonce for one page (128 bits, as the CSP spec asks). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * Browser-facing headers for every answer: a strict CSP, no framing, no referrer, and HSTS only
 * where Storey is really served over HTTPS. helmet decides the headers; they do not depend on the
 * request, so they are computed once at start (per request they cost as much as relaying a
 * GraphQL answer, docs/benchmarks.md), and only the dashboard's page gets a nonce (routes/spa.ts).
 */
export const securityHeaders = fp<{ https: boolean }>(async (app, { https }) => {
  const everyAnswer = headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    }) as Middleware,
  );
  // Features the dashboard never uses, refused to anything that might run in its pages.
  everyAnswer['permissions-policy'] =
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), display-capture=()';
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(everyAnswer);
    done();
  });
  await app.register(fastifyCompress, { threshold: 1024 });
});
