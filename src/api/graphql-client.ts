import type { QueryClient } from '@tanstack/react-query';
import { createGraphqlClient, type GraphqlClient } from '@/lib/urql';

/**
 * One GraphQL client per dashboard, beside its one query client: route loaders hold the query
 * client, and the GraphQL client comes with the first building page (this module is loaded with
 * it), so it is made the first time it is asked for and kept with the query client it belongs to.
 * A test's fresh query client gets a fresh GraphQL cache; retries follow the query client's.
 */
const clients = new WeakMap<QueryClient, GraphqlClient>();

export function graphqlClientOf(queryClient: QueryClient): GraphqlClient {
  let held = clients.get(queryClient);
  if (!held) {
    held = createGraphqlClient({ retry: queryClient.getDefaultOptions().queries?.retry !== false });
    clients.set(queryClient, held);
  }
  return held;
}
