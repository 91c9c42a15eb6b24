/**
 * Peer for `npm run bench`: express with http-proxy-middleware forwarding /api and /graphql to the
 * platform with one token fetched at start, over kept-alive connections, and nothing else.
 */
import { Agent } from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { platformToken } from './platform-token.ts';

const upstream = process.env.PLATFORM_BASE_URL!;
const token = await platformToken();
// Kept-alive like Storey's and @fastify/http-proxy's pools: a new connection per call is not a fair peer.
const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const app = express();
app.get('/healthz', (_request, response) => void response.send('ok'));
// Headers given as options are set when the forwarded request is made (setting them on its
// proxyReq event fails once a kept-alive socket has already flushed it).
app.use(
  createProxyMiddleware({
    target: upstream,
    agent,
    // Filtered, not mounted: a mount would strip the prefix from the forwarded path.
    pathFilter: '/api',
    headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
  }),
);
app.use(
  createProxyMiddleware({
    target: upstream,
    agent,
    pathFilter: '/graphql',
    headers: { authorization: token, 'x-request-type': 'GraphQL', 'x-api-version': '3.0' },
  }),
);
app.listen(Number(process.env.PORT), '127.0.0.1');
