import type { QueryClient } from '@tanstack/react-query';
import { createGraphqlClient, type GraphqlClient } from '@/lib/urql';

interface GraphqlClientOfApp {
  client: GraphqlClient;
  /** Counts answers that reached the cache, for `useSyncExternalStore`. */
  answers: number;
  listeners: Set<() => void>;
}

/**
 * One GraphQL client per dashboard, beside its one query client: route loaders hold the query
 * client, and the GraphQL client comes with the first building page (this module is loaded with
 * it), so it is made the first time it is asked for and kept with the query client it belongs to.
 * A test's fresh query client gets a fresh GraphQL cache; retries follow the query client's.
 */
const clients = new WeakMap<QueryClient, GraphqlClientOfApp>();

function graphqlOf(queryClient: QueryClient): GraphqlClientOfApp {
  let held = clients.get(queryClient);
  if (!held) {
    const state: GraphqlClientOfApp = {
      client: undefined as unknown as GraphqlClient,
      answers: 0,
      listeners: new Set(),
    };
    state.client = createGraphqlClient({
      retry: queryClient.getDefaultOptions().queries?.retry !== false,
      // Told after the cache has stored the answer (the exchange hears it on its way there).
      onAnswer: () =>
        queueMicrotask(() => {
          state.answers += 1;
          for (const listener of state.listeners) listener();
        }),
    });
    clients.set(queryClient, state);
    held = state;
  }
  return held;
}

export const graphqlClientOf = (queryClient: QueryClient): GraphqlClient =>
  graphqlOf(queryClient).client;

/** Follows the answers reaching the GraphQL cache (a count that changes with each). */
export function graphqlAnswers(queryClient: QueryClient) {
  const held = graphqlOf(queryClient);
  return {
    subscribe: (listener: () => void) => {
      held.listeners.add(listener);
      return () => void held.listeners.delete(listener);
    },
    count: () => held.answers,
  };
}
