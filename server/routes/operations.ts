import type { FastifyPluginAsync } from 'fastify';
import type { SessionStore } from '../auth/session-store.ts';
import type { Clock } from '../clock.ts';
import type { Metrics } from '../http/metrics.ts';
import { sendProblem } from '../http/problem.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import type { TokenProvider } from '../platform/token-provider.ts';

/** How long a readiness verdict is reused: probes from several orchestrators cost one platform call. */
export const readinessCacheMs = 5000;

/**
 * /healthz (the process answers), /readyz (the platform, the session store and the index's
 * database answer) and, where
 * allowed, /metrics.
 */
export const operations: FastifyPluginAsync<{
  gateway: PlatformGateway;
  tokens: TokenProvider;
  metrics: Metrics;
  clock: Clock;
  /** False when METRICS_PORT serves /metrics elsewhere, or Storey listens beyond loopback. */
  serveMetrics: boolean;
  /** The session store, when people sign in: an instance that cannot reach it is not ready. */
  store?: SessionStore | undefined;
  /** The portfolio index's database: an instance that cannot reach it is not ready either. */
  indexDatabase?: { health(): Promise<string | undefined> } | undefined;
}> = async (app, deps) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  let verdict: { at: number; ready: Promise<string | undefined> } | undefined;
  const checkReadiness = async (): Promise<string | undefined> => {
    try {
      await deps.store?.ping().catch(() => {
        throw new Error('the session store cannot be reached');
      });
      const index = await deps.indexDatabase?.health();
      if (index) return index;
      await deps.tokens.getToken();
      const answer = await deps.gateway.readListingWhole('/api/Sites?take=1');
      return answer.status === 200 ? undefined : `the platform answered ${answer.status}`;
    } catch (error) {
      return (error as Error).message;
    }
  };
  app.get('/readyz', async (_request, reply) => {
    const now = deps.clock.now();
    if (!verdict || now - verdict.at >= readinessCacheMs)
      verdict = { at: now, ready: checkReadiness() };
    const reason = await verdict.ready;
    if (reason !== undefined) return sendProblem(reply, 503, `Not ready: ${reason}.`);
    return reply.header('cache-control', 'no-store').send({ status: 'ready' });
  });

  if (deps.serveMetrics) {
    app.get('/metrics', async (_request, reply) =>
      reply
        .header('content-type', deps.metrics.registry.contentType)
        .send(await deps.metrics.registry.metrics()),
    );
  }
};
