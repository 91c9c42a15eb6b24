import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/problem';

export function isApiPath(url: string): boolean {
  return (
    url === '/graphql' || url.startsWith('/graphql?') || url.startsWith('/api/') || url === '/api'
  );
}

/**
 * Serves the built dashboard: hashed assets cached for a year, index.html never cached so a new
 * release is picked up at once, and every other page path answered with index.html (deep links).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
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
    const url = request.url;
    if (isApiPath(url) || url.startsWith('/assets/'))
      return sendProblem(reply, 404, 'No such path.');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendProblem(reply, 405, 'Only GET reads pages.');
    if (!built) {
      return sendProblem(
        reply,
        503,
        'The dashboard has not been built yet: run `npm run build` (npm start does it for you).',
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
