import {
  Client,
  cacheExchange,
  fetchExchange,
  type Exchange,
  type OperationResult,
} from '@urql/core';
import { requestPolicyExchange } from '@urql/exchange-request-policy';
import { retryExchange } from '@urql/exchange-retry';
import { ApiError, apiHeaders, fetchFromBff } from './api-client';

export { Provider as GraphqlClientProvider, useQuery } from 'urql';
export type { Client as GraphqlClient } from '@urql/core';

/** An answer is read again in the background after this long (as REST listings are). */
const answerTtlMs = 5 * 60_000;

/**
 * A passing failure (the network, a 5xx, a 429) may go away; a refusal (another 4xx) or an answer
 * the platform gave (GraphQL errors, broken JSON) will not.
 */
const passing = (error: { networkError?: Error | undefined }): boolean => {
  const cause = error.networkError;
  if (!(cause instanceof ApiError)) return false;
  return cause.status === 0 || cause.status === 429 || cause.status >= 500;
};

/**
 * The dashboard's one GraphQL client (decision 0011 as amended): urql, with
 * - the document cache: an answer is kept per document and variables, which is what the
 *   drill-down's pages share (building, level and room read the same outline); the search's
 *   fallback reads the same documents with `readQuery`;
 * - answers read again in the background after five minutes (`requestPolicyExchange`);
 * - passing failures tried twice more (`retryExchange`), unless `retry` is false (tests);
 * - every request through `fetchFromBff`: the CSRF header, a refusal as an ApiError in words,
 *   the session-ended path on 401 shared with every REST call; always POST (the BFF's guard
 *   takes no GraphQL in a URL).
 */
export function createGraphqlClient(
  options: { retry?: boolean; retryDelayMs?: number } = {},
): Client {
  const exchanges: Exchange[] = [
    requestPolicyExchange({
      ttl: answerTtlMs,
      // A read of the cache alone (`readQuery`) must never become a request.
      shouldUpgrade: (operation) => operation.context.requestPolicy !== 'cache-only',
    }),
    cacheExchange,
  ];
  if (options.retry !== false)
    exchanges.push(
      retryExchange({
        initialDelayMs: options.retryDelayMs ?? 1000,
        maxDelayMs: 4 * (options.retryDelayMs ?? 1000),
        maxNumberAttempts: 3,
        retryIf: (error) => passing(error),
      }),
    );
  exchanges.push(fetchExchange);
  return new Client({
    url: '/graphql',
    preferGetMethod: false,
    // urql asks for GraphQL's own answer types itself; the BFF wants its CSRF header.
    fetchOptions: { headers: { 'X-CSRF': apiHeaders['X-CSRF'] } },
    fetch: (input, init) => fetchFromBff(String(input), init ?? {}),
    exchanges,
  });
}

/** A GraphQL result as a screen reads it: the data, why there is none, or neither yet. */
export type GraphqlAnswer<T> =
  | { data: T; partialErrors: string[]; error?: undefined }
  | { data?: undefined; partialErrors: string[]; error: ApiError }
  | { data?: undefined; partialErrors: []; error?: undefined };

/**
 * What an urql result says, in words (nothing yet while it is on its way). An answer with data and errors is partial: the data is
 * kept with the messages, so a screen shows what came and says what did not. Without data, the
 * BFF's refusal is told as it was, a broken answer as broken, the platform's errors as they are.
 */
export function readGraphqlResult<T>(
  result: Pick<OperationResult<T>, 'data' | 'error'>,
): GraphqlAnswer<T> {
  const messages = (result.error?.graphQLErrors ?? []).map((error) =>
    typeof error.message === 'string' && error.message !== ''
      ? error.message
      : 'Unnamed GraphQL error',
  );
  if (typeof result.data === 'object' && result.data !== null)
    return { data: result.data, partialErrors: messages };
  // Asked and not answered yet (or not asked: paused).
  if (result.error === undefined) return { partialErrors: [] };
  const cause = result.error?.networkError;
  const status = result.error?.response instanceof Response ? result.error.response.status : 200;
  if (cause instanceof ApiError) return { partialErrors: [], error: cause };
  if (cause instanceof SyntaxError)
    // The BFF relays GraphQL answers unparsed (decision 0007): broken or cut short, it ends here.
    return {
      partialErrors: [],
      error: new ApiError(
        status,
        'Unreadable answer',
        'The answer was cut short or is not valid JSON.',
      ),
    };
  return {
    partialErrors: messages,
    error: new ApiError(
      status,
      'GraphQL error',
      messages.length > 0 ? messages.join(' ') : 'The answer holds no data.',
    ),
  };
}
