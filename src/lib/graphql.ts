import { initGraphQLTada, type TadaDocumentNode } from 'gql.tada';
import { print } from '@0no-co/graphql.web';
import { ApiError, apiHeaders, toApiError } from './api-client';
import type { introspection } from './graphql-env.d.ts';

/** Documents typed from server/emulator/schema.graphql (regenerate with `npm run gql:generate`). */
export const graphql = initGraphQLTada<{ introspection: introspection }>();
export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';

/** A GraphQL answer with data; `partialErrors` are the messages of a partial answer. */
export interface GraphqlAnswer<T> {
  data: T;
  partialErrors: string[];
}

interface GraphqlBody {
  data?: unknown;
  errors?: Array<{ message?: unknown }>;
}

const messagesOf = (body: GraphqlBody): string[] =>
  (body.errors ?? []).map((error) =>
    typeof error.message === 'string' ? error.message : 'Unnamed GraphQL error',
  );

/**
 * One GraphQL request through the BFF, for a TanStack Query `queryFn` (decision 0011: one data
 * client). An answer with data and errors is partial: the data is returned with the messages, so
 * the screen shows what came and says what did not. An answer without data is an error.
 */
export async function fetchGraphql<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  signal?: AbortSignal,
): Promise<GraphqlAnswer<Result>> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { ...apiHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: print(document), variables }),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'Network error',
      'Storey could not be reached. Check your connection and try again.',
    );
  }
  // The BFF's own refusals are problem documents, not GraphQL results: surface their detail.
  if (response.headers.get('content-type')?.includes('application/problem+json') || !response.ok)
    throw await toApiError(response);
  let body: GraphqlBody;
  try {
    body = (await response.json()) as GraphqlBody;
  } catch {
    // The BFF relays GraphQL answers unparsed (decision 0007): broken or cut short, it ends here.
    throw new ApiError(
      response.status,
      'Unreadable answer',
      'The answer was cut short or is not valid JSON.',
    );
  }
  const messages = messagesOf(body);
  if (body.data === null || body.data === undefined || typeof body.data !== 'object')
    throw new ApiError(
      response.status,
      'GraphQL error',
      messages.length > 0 ? messages.join(' ') : 'The answer holds no data.',
    );
  return { data: body.data as Result, partialErrors: messages };
}
