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
  title: z.string().optional(),
  detail: z.string().optional(),
  status: z.number().optional(),
  reason: z.string().optional(),
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
      const messages = z.array(z.string()).min(1).safeParse(body);
      if (messages.success)
        return new ApiError(
          response.status,
          response.statusText || 'Error',
          messages.data.join(' '),
        );
      const parsed = problemSchema.safeParse(body);
      if (parsed.success && parsed.data.detail) {
        if (response.status === 401 && typeof window !== 'undefined') {
          window.dispatchEvent(new Event(signedOutEvent));
        }
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

export async function apiGet<T>(
  path: string,
  schema: z.ZodType<T>,
  init: {
    signal?: AbortSignal;
    /**
     * A check that accepts exactly what `schema` accepts, where the schema would return its input
     * unchanged (tested as a property beside it): when it accepts, the schema is not run, and when
     * it refuses, the schema says why. For answers of hundreds of thousands of items, where zod's
     * interpreted checks (see lib/zod.ts) cost a tenth of a second.
     */
    accepts?: (body: unknown) => body is T;
  } = {},
): Promise<ApiResponse<T>> {
  let response: Response;
  try {
    response = await fetch(path, { headers: apiHeaders, signal: init.signal ?? null });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'Network error',
      'Storey could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await toApiError(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(
      response.status,
      'Unreadable answer',
      // The BFF relays platform answers unparsed (decision 0007): broken or cut short, it ends here.
      'The answer was cut short or is not valid JSON.',
    );
  }
  if (init.accepts?.(body)) return { data: body, headers: response.headers };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'Unexpected data',
      `The platform sent data Storey does not understand: ${z.prettifyError(parsed.error)}`,
    );
  }
  return { data: parsed.data, headers: response.headers };
}
