import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { graphqlLimits, guardGraphqlRequest } from './graphql-guard.ts';
import { buildingLookups } from './graphql-building-lookups.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { HttpProblem } from '../http/problem.ts';
import { relayStream, relayedRoute } from '../http/relay.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import type { UpstreamResponse } from '../platform/platform-client.ts';
import { Readable } from 'node:stream';
import {
  indexStarting,
  notSharedProblem,
  scopedReader,
  type PlaceGuard,
  type ScopeReads,
} from '../access/access-gate.ts';

/**
 * The answer to lookups by name, with only the buildings the person may see: names repeat
 * across organisations, and the platform answers every building of the name.
 */
function sendFiltered(
  reply: FastifyReply,
  answer: UpstreamResponse,
  allowed: Map<string, Set<string>>,
) {
  let parsed: { data?: Record<string, unknown> | null } & Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.body.toString()) as typeof parsed;
  } catch {
    throw new HttpProblem(502, 'The building platform sent an answer Storey cannot read.');
  }
  if (parsed.data && typeof parsed.data === 'object')
    for (const [key, ids] of allowed) {
      const list = parsed.data[key];
      parsed.data[key] = Array.isArray(list)
        ? list.filter(
            (building) =>
              typeof building === 'object' &&
              building !== null &&
              ids.has(String((building as { id?: unknown }).id)),
          )
        : list;
    }
  return reply
    .code(answer.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(parsed));
}

/**
 * POST /graphql: only bounded read-only queries the guard lets through reach the platform. For a
 * person who sees part of the portfolio, only lookups of buildings in their scope (by id, or by a
 * name some building of their scope has) reach it, and answers by name keep only those buildings.
 */
export const graphqlProxy: FastifyPluginAsync<{
  gateway: PlatformGateway;
  guard: PlaceGuard;
  scopeReads: ScopeReads | undefined;
}> = async (app, { gateway, guard, scopeReads }) => {
  app.post(
    '/graphql',
    { ...relayedRoute, bodyLimit: graphqlLimits.bodyBytes },
    async (request, reply) => {
      const guarded = guardGraphqlRequest(request.body);
      const { query, variables, operationName } = guarded;
      const body = JSON.stringify({
        query,
        variables: variables ?? {},
        operationName: operationName ?? null,
      });
      if (request.access.all)
        return relayStream(reply, await gateway.relayGraphql(body), {
          graphql: true,
          queues: gateway.queues,
        });
      const allowed = new Map<string, Set<string>>();
      for (const lookup of buildingLookups(guarded)) {
        if (lookup.by === 'id') {
          await guard(request, reply, 'building', lookup.value);
          continue;
        }
        const named = await scopeReads?.buildingsNamed(scopedReader(request, reply), lookup.value);
        if (!named) throw indexStarting();
        if (named.ids.length === 0) throw notSharedProblem();
        if (!lookup.selectsId)
          throw new HttpProblem(
            400,
            'A building looked up by name must select its id: names repeat, and only the buildings shared with you are answered.',
          );
        allowed.set(lookup.responseKey, new Set(named.ids));
      }
      if (allowed.size === 0)
        return relayStream(reply, await gateway.relayGraphql(body), {
          graphql: true,
          queues: gateway.queues,
        });
      const answer = await gateway.readGraphqlWhole(body);
      // A refusal or failure is relayed as any other (its words, its status): nothing to filter.
      if (answer.status !== 200)
        return relayStream(
          reply,
          { ...answer, body: Readable.from([answer.body]) },
          { graphql: true, queues: gateway.queues },
        );
      return sendFiltered(reply, answer, allowed);
    },
  );
  refuseOtherMethods(app, 'POST', ['/graphql']);
};
