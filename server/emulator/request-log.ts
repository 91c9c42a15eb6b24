export interface LoggedRequest {
  at: string;
  /** `introspection`: a GraphQL document asking only about the schema (no data, no token needed). */
  kind: 'token' | 'rest' | 'graphql' | 'introspection' | 'other';
  method: string;
  path: string;
  query: Record<string, string>;
  headers: {
    authorization?: string | undefined;
    'x-api-version'?: string | undefined;
    'x-request-type'?: string | undefined;
    'content-type'?: string | undefined;
  };
  body?: unknown;
}

export interface RequestLog {
  add(entry: LoggedRequest): void;
  list(): LoggedRequest[];
  clear(): void;
}

/** Keeps the newest entries only, so a long benchmark cannot grow the emulator without bound. */
export function createRequestLog(capacity = 20_000): RequestLog {
  let entries: LoggedRequest[] = [];
  return {
    add(entry) {
      entries.push(entry);
      if (entries.length > capacity) entries = entries.slice(-capacity);
    },
    list: () => [...entries],
    clear() {
      entries = [];
    },
  };
}
