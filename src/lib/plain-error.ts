import { ApiError } from './api-client';

/**
 * What went wrong in words a facility manager can act on: what happened and what to do next. The
 * technical detail (status, the platform's own message) is kept apart, for whoever they call.
 */
export interface PlainError {
  /** One sentence: what happened. */
  headline: string;
  /** What to do, or what Storey does about it. */
  next: string;
  /** The status and the server's own words, for support. */
  detail: string;
}

const unreadable = {
  headline: 'The building platform sent data Storey cannot read.',
  next: 'Retry; if it keeps happening, send the details below to your platform administrator.',
} as const;

/** An error that is not the API's, in words: a body that broke off, unreadable JSON, a bug. */
function plainOther(error: unknown): PlainError {
  const message = error instanceof Error ? error.message : String(error);
  // The API clients turn what they read into ApiErrors; what reaches here unwrapped is a
  // body that broke off while read (fetch's TypeError) or JSON parsed elsewhere (SyntaxError).
  if (error instanceof SyntaxError) return { ...unreadable, detail: message };
  if (error instanceof TypeError) {
    return {
      headline: 'The connection broke before the answer was complete.',
      next: 'Check your network connection, then retry.',
      detail: message,
    };
  }
  return {
    headline: 'Something went wrong in Storey.',
    next: 'Try again; if it keeps happening, reload the page.',
    detail: message,
  };
}

export function plainError(error: unknown): PlainError {
  if (!(error instanceof ApiError)) return plainOther(error);
  const detail =
    error.status > 0 && !/\bstatus \d{3}\b/.test(error.detail)
      ? `${error.detail} (status ${error.status})`
      : error.detail;
  switch (true) {
    // The portfolio index (Storey's own copy of the portfolio) has not read it yet.
    case error.reason === 'index-empty':
      return {
        headline: 'The portfolio is still being indexed.',
        next: 'This appears when the first sync is done, usually within a few minutes; the progress is shown at the top of the page.',
        detail,
      };
    case error.reason === 'not-in-index':
      return {
        headline: 'The portfolio index does not have this building yet.',
        next: 'It was probably added after the last sync; it is included at the next one.',
        detail,
      };
    case error.status === 0:
      return {
        headline: 'Storey could not be reached.',
        next: 'Check your network connection, then retry.',
        detail,
      };
    case error.status === 429:
      return {
        headline: 'The building platform is busy.',
        next:
          error.retryAfterSeconds !== undefined
            ? `Storey will try again in ${error.retryAfterSeconds} seconds; you can retry now.`
            : 'Wait a moment, then retry.',
        detail,
      };
    case error.status === 504:
      return {
        headline: 'The building platform took too long to answer.',
        next: 'Storey will keep trying; you can retry now. Large portfolios can take a little longer.',
        detail,
      };
    case error.status === 502 || error.status === 503 || error.status >= 500:
      return {
        headline: 'The building platform is not answering.',
        next: 'Storey will keep trying; you can retry now. If it lasts, tell your platform administrator.',
        detail,
      };
    case error.status === 403:
      return {
        headline: 'The building platform refused to share this.',
        next: 'Storey’s service account may not be allowed to see it: ask your platform administrator.',
        detail,
      };
    case error.reason === 'not-found-or-not-shared':
      return {
        headline: 'Not found, or not shared with you.',
        next: 'Check the link, or ask whoever manages access to Storey to share it with you.',
        detail,
      };
    case error.status === 404:
      return {
        headline: 'The building platform does not know this.',
        next: 'It may have been removed or renamed; go back to the portfolio.',
        detail,
      };
    case error.title === 'Unexpected data' || error.title === 'Unreadable answer':
      return { ...unreadable, detail };
    default:
      return {
        headline: 'The building platform did not accept the request.',
        next: 'Retry; if it keeps happening, send the details below to whoever supports Storey.',
        detail,
      };
  }
}
