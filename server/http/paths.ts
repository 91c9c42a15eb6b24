/**
 * The path prefixes the BFF answers itself; everything else is the dashboard. The Vite dev proxy is
 * built from this list (vite.config.ts, server/cli/dev.ts), and a test checks that every route the
 * BFF registers falls under one of them, so a new prefix cannot be forgotten by the dev loop again.
 *
 * Not used to decide what is protected: that follows from where a route is registered (app.ts).
 */
export const bffPrefixes = [
  '/api',
  '/graphql',
  '/auth',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** Vite's `server.proxy`: each BFF prefix to the BFF, the Host header kept for the sign-in cookies. */
export function bffProxy(target: string): Record<string, { target: string; changeOrigin: false }> {
  return Object.fromEntries(bffPrefixes.map((prefix) => [prefix, { target, changeOrigin: false }]));
}
