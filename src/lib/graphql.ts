import { initGraphQLTada } from 'gql.tada';
import { Client, cacheExchange, fetchExchange } from 'urql';
import { apiHeaders, toApiError } from './api-client';
import type { introspection } from './graphql-env.d.ts';

/** Documents typed from server/emulator/schema.graphql (regenerate with `npm run gql:generate`). */
export const graphql = initGraphQLTada<{ introspection: introspection }>();
export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';

export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    requestPolicy: 'cache-first',
    fetchOptions: () => ({ headers: { ...apiHeaders } }),
    // The BFF's own refusals are problem documents, not GraphQL results: surface their detail.
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.headers.get('content-type')?.includes('application/problem+json'))
        throw await toApiError(response);
      return response;
    },
  });
}
