import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { graphqlClientOf } from '@/api/graphql-client';
import { GraphqlClientProvider } from '@/lib/urql';

/**
 * The dashboard's GraphQL client for the screens that read GraphQL (a building, a level, a room,
 * search): the one its route loaders use (kept with the query client), so a screen reads what
 * its loader started. Only those screens' chunks bring urql: the first load does not.
 */
export function WithGraphql({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <GraphqlClientProvider value={graphqlClientOf(queryClient)}>{children}</GraphqlClientProvider>
  );
}
