import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../http/problem';
import type { Metrics } from '../http/metrics';
import type { PlatformGateway } from '../platform/gateway';
import type { TokenProvider } from '../platform/token-provider';

export function registerOperations(
  app: FastifyInstance,
  deps: { gateway: PlatformGateway; tokens: TokenProvider; metrics: Metrics },
): void {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (_request, reply) => {
    try {
      await deps.tokens.getToken();
      const answer = await deps.gateway.get('/api/Sites?take=1');
      if (answer.status !== 200)
        return sendProblem(reply, 503, `Not ready: the platform answered ${answer.status}.`);
      return reply.header('cache-control', 'no-store').send({ status: 'ready' });
    } catch (error) {
      return sendProblem(reply, 503, `Not ready: ${(error as Error).message}`);
    }
  });

  app.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', deps.metrics.registry.contentType)
      .send(await deps.metrics.registry.metrics()),
  );
}
