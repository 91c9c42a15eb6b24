import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendProblem } from '../http/problem.ts';
import { routePreloadLinks } from '../http/route-preloads.ts';
import { newNonce, pagePolicy } from '../http/security-headers.ts';

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

  const sendPage = (reply: FastifyReply, preloads: string) => {
    if (indexHtml === undefined)
      return sendProblem(
        reply,
        503,
        'The dashboard has not been built yet: run `npm run build` (npm start does it for you).',
      );
    const nonce = newNonce();
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(
        indexHtml.replace('</head>', `${preloads}</head>`).replaceAll(cspNoncePlaceholder, nonce),
      );
  };

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // index.html is always answered by the handlers below, with this response's nonce.
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
    // Each page of the build, matched by the router like any route, with its own chunks
    // announced beside the entry's (decision 0016).
    for (const { pattern, links } of routePreloadLinks(staticDir))
      app.get(pattern, async (_request, reply) => sendPage(reply, links));
    // A missing hashed asset is a 404, not the page (a browser would try to run HTML as
    // script); the files that exist are routes of their own (fastify-static, no wildcard).
    app.get('/assets/*', async (_request, reply) => sendProblem(reply, 404, 'No such path.'));
  }

  // Any other path is the page too (a deep link the app's router answers, "not found" included).
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendProblem(reply, 405, 'Only GET reads pages.');
    return sendPage(reply, '');
  });
};
