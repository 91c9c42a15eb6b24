import type { FastifyPluginAsync } from 'fastify';
import { graphqlLimits, guardGraphqlRequest } from '../http/graphql-guard.ts';
import { sendProblem } from '../http/problem.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';

/** POST /graphql: only bounded read-only queries the guard lets through reach the platform. */
export const graphqlProxy: FastifyPluginAsync<{ gateway: PlatformGateway }> = async (
  app,
  { gateway },
) => {
  app.post(
    '/graphql',
    { ...relayedRoute, bodyLimit: graphqlLimits.bodyBytes },
    async (request, reply) => {
      const { query, variables, operationName } = guardGraphqlRequest(request.body);
      const body = JSON.stringify({
        query,
        variables: variables ?? {},
        operationName: operationName ?? null,
      });
      return relayStream(reply, await gateway.query(body), {
        graphql: true,
        queues: gateway.queues,
      });
    },
  );
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/graphql',
    handler: async (_request, reply) =>
      sendProblem(reply.header('allow', 'POST'), 405, 'Only POST is allowed here.'),
  });
};
