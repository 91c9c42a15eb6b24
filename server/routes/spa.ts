import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../http/problem.ts';
import { routePreloadLinks } from '../http/route-preloads.ts';
import { newNonce, pagePolicy } from '../http/security-headers.ts';

/**
 * The page's path, for choosing its chunks only: the text before the query. Not parsed as a URL:
 * a target such as "//?" is a valid request line but no URL (the hostile-input property found
 * that `new URL` threw there, a 500).
 */
const pagePath = (target: string): string => target.split('?', 1)[0] ?? '/';

/** What Vite writes where the per-response CSP nonce goes (vite.config.ts: html.cspNonce). */
export const cspNoncePlaceholder = '__STOREY_CSP_NONCE__';

/**
 * Serves the built dashboard: hashed assets cached for a year, index.html never cached so a new
 * release is picked up at once, and every other page path answered with index.html (deep links).
 * index.html carries this response's style nonce, which emotion puts on the <style> it injects,
 * and the chunks of the page asked for, so the browser fetches them beside the entry.
 *
 * Registered at the root: the not-found handler here answers only what no scope claimed; paths
 * under /api have their own 404 inside the guarded scope.
 */
export const spa: FastifyPluginAsync<{ staticDir: string }> = async (app, { staticDir }) => {
  const indexFile = path.join(staticDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  // The page's own chunks, announced with the entry's (decision 0016).
  const preloadsFor = routePreloadLinks(staticDir);
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // index.html is always answered by the handler below, with this response's nonce.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(response, filePath) {
        const relative = path.relative(staticDir, filePath);
        response.setHeader(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendProblem(reply, 405, 'Only GET reads pages.');
    // A missing hashed asset is a 404, not the page (a browser would try to run HTML as script).
    if (request.url.startsWith('/assets/')) return sendProblem(reply, 404, 'No such path.');
    if (indexHtml === undefined) {
      return sendProblem(
        reply,
        503,
        'The dashboard has not been built yet: run `npm run build` (npm start does it for you).',
      );
    }
    const nonce = newNonce();
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(
        indexHtml
          .replace('</head>', `${preloadsFor(pagePath(request.url))}</head>`)
          .replaceAll(cspNoncePlaceholder, nonce),
      );
  });
};
