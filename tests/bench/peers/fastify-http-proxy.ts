/**
 * Peer for `npm run bench`: @fastify/http-proxy forwarding /api and /graphql to the platform with
 * one token fetched at start, and nothing else (no sign-in, no checks, no coalescing).
 */
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { platformToken } from './platform-token.ts';

const upstream = process.env.PLATFORM_BASE_URL!;
const token = await platformToken();
const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream,
  prefix: '/api',
  rewritePrefix: '/api',
  replyOptions: {
    rewriteRequestHeaders: (_request, headers) => ({
      ...headers,
      authorization: `Bearer ${token}`,
      'x-api-version': '3.0',
    }),
  },
});
await app.register(proxy, {
  upstream,
  prefix: '/graphql',
  rewritePrefix: '/graphql',
  replyOptions: {
    rewriteRequestHeaders: (_request, headers) => ({
      ...headers,
      authorization: token,
      'x-request-type': 'GraphQL',
      'x-api-version': '3.0',
    }),
  },
});
app.get('/healthz', async () => 'ok');
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
