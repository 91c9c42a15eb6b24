import { NotJsonArray, jsonArrayBatches } from '@/lib/json-array-stream';
import { z } from '@/lib/zod';

/** What the BFF (or the browser) says went wrong, in words a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** The BFF's machine-readable reason, e.g. "session-expired" on a 401. */
    readonly reason?: string,
    /** From Retry-After on a 429 or 503: when asking again may help. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const problemSchema = z.looseObject({
  title: z.optional(z.string()),
  detail: z.optional(z.string()),
  status: z.optional(z.number()),
  reason: z.optional(z.string()),
});

/** Fired when the BFF says the session is gone, so the app can show the sign-in screen at once. */
export const signedOutEvent = 'storey:signed-out';

/** Every call carries X-CSRF: the BFF refuses API calls without it. */
export const apiHeaders = { 'X-CSRF': '1', Accept: 'application/json' } as const;

export async function toApiError(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const retryHeader = Number(response.headers.get('retry-after') ?? Number.NaN);
  const retryAfter = Number.isFinite(retryHeader) && retryHeader >= 0 ? retryHeader : undefined;
  if (contentType.includes('json')) {
    try {
      const body: unknown = await response.json();
      // The platform's own 400 shape, should it ever reach the browser unchanged.
      const messages = z.array(z.string()).check(z.minLength(1)).safeParse(body);
      if (messages.success)
        return new ApiError(
          response.status,
          response.statusText || 'Error',
          messages.data.join(' '),
        );
      const parsed = problemSchema.safeParse(body);
      if (parsed.success && parsed.data.detail) {
        return new ApiError(
          response.status,
          parsed.data.title ?? response.statusText,
          parsed.data.detail,
          parsed.data.reason,
          retryAfter,
        );
      }
    } catch {
      // Unreadable body: fall through to the generic message.
    }
  }
  return new ApiError(
    response.status,
    response.statusText || 'Error',
    `The server answered with status ${response.status}.`,
  );
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** The BFF's answer, or its refusal as an ApiError (a network failure as one too). */
async function fetchAnswer(
  path: string,
  signal: AbortSignal | undefined,
  send?: { method: 'POST' | 'DELETE'; body?: unknown },
): Promise<Response> {
  return fetchFromBff(path, {
    headers:
      send?.body === undefined ? apiHeaders : { ...apiHeaders, 'Content-Type': 'application/json' },
    signal: signal ?? null,
    ...(send
      ? {
          method: send.method,
          ...(send.body === undefined ? {} : { body: JSON.stringify(send.body) }),
        }
      : {}),
  });
}

/**
 * Every call to the BFF ends here, REST or GraphQL (urql's fetch, lib/urql.ts): a refusal (not
 * 2xx, or a problem document) becomes an ApiError in words, a network failure one too, and a 401
 * tells the app the session ended, whichever kind of call learnt it first.
 */
export async function fetchFromBff(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'Network error',
      'Storey could not be reached. Check your connection and try again.',
    );
  }
  if (
    !response.ok ||
    response.headers.get('content-type')?.includes('application/problem+json') === true
  ) {
    const error = await toApiError(response);
    // Any call may be the first to learn the session ended, also one outside every query (a
    // CSV export): the layout shows the sign-in screen at once.
    if (error.status === 401) window.dispatchEvent(new Event(signedOutEvent));
    throw error;
  }
  return response;
}

// The BFF relays platform answers unparsed (decision 0007): broken or cut short, they end here.
const unreadable = (response: Response) =>
  new ApiError(
    response.status,
    'Unreadable answer',
    'The answer was cut short or is not valid JSON.',
  );

function checked<T>(
  response: Response,
  body: unknown,
  schema: z.ZodMiniType<T>,
  accepts: ((body: unknown) => body is T) | undefined,
): T {
  if (accepts?.(body)) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'Unexpected data',
      `The platform sent data Storey does not understand: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** A change asked of the BFF (POST or DELETE, JSON body); its refusal as an ApiError. */
export async function apiSend(
  path: string,
  send: { method: 'POST' | 'DELETE'; body?: unknown },
): Promise<Response> {
  return fetchAnswer(path, undefined, send);
}

export async function apiGet<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  init: { signal?: AbortSignal } = {},
): Promise<ApiResponse<T>> {
  const response = await fetchAnswer(path, init.signal);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw unreadable(response);
  }
  return { data: checked(response, body, schema, undefined), headers: response.headers };
}

/**
 * A list read while it downloads (lib/json-array-stream): each batch of items is checked and
 * handed to `onItems` as it arrives, so work on a long answer (a tower floor's two weeks: 500,000
 * readings) is done by its last byte. A list cut short or broken is refused after the items
 * before the break were handed over: the caller keeps them only once this resolves.
 */
export async function apiGetItems<T>(
  path: string,
  itemsSchema: z.ZodMiniType<T[]>,
  init: {
    signal?: AbortSignal;
    onItems: (items: T[]) => void;
    /**
     * A check that accepts exactly what `itemsSchema` accepts, where the schema would return its
     * input unchanged (tested as a property beside it): when it accepts, the schema is not run,
     * and when it refuses, the schema says why. For answers of hundreds of thousands of items,
     * where zod's interpreted checks (see lib/zod.ts) cost a tenth of a second.
     */
    accepts?: (body: unknown) => body is T[];
  },
): Promise<{ headers: Headers }> {
  const response = await fetchAnswer(path, init.signal);
  if (!response.body) throw unreadable(response);
  try {
    for await (const batch of jsonArrayBatches(response.body))
      init.onItems(checked(response, batch, itemsSchema, init.accepts));
  } catch (error) {
    if (error instanceof ApiError || (error as Error).name === 'AbortError') throw error;
    if (error instanceof NotJsonArray)
      throw new ApiError(
        response.status,
        'Unexpected data',
        'The platform sent data Storey does not understand: a list was expected.',
      );
    // Broken, cut short, or the connection lost on the way.
    throw unreadable(response);
  }
  return { headers: response.headers };
}
