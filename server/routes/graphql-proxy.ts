import type { FastifyInstance } from 'fastify';
import { graphqlLimits, guardGraphqlRequest } from '../http/graphql-guard';
import { relay } from '../http/relay';
import type { PlatformGateway } from '../platform/gateway';

export function registerGraphqlProxy(app: FastifyInstance, gateway: PlatformGateway): void {
  app.post('/graphql', { bodyLimit: graphqlLimits.bodyBytes }, async (request, reply) => {
    const { query, variables, operationName } = guardGraphqlRequest(request.body);
    const body = JSON.stringify({
      query,
      variables: variables ?? {},
      operationName: operationName ?? null,
    });
    return relay(reply, await gateway.graphql(body), { graphql: true });
  });
}
