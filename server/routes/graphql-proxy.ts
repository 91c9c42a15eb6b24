import type { FastifyPluginAsync } from 'fastify';
import { graphqlLimits, guardGraphqlRequest } from './graphql-guard.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
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
      return relayStream(reply, await gateway.relayGraphql(body), {
        graphql: true,
        queues: gateway.queues,
      });
    },
  );
  refuseOtherMethods(app, 'POST', ['/graphql']);
};
