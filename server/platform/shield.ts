import type { UpstreamResponse } from './platform-client.ts';

/**
 * Shields the platform from repeated identical reads: calls for the same key made while one is in
 * flight share its answer, and successful answers may be kept for a short time.
 */
export function createShield(options: {
  ttlSeconds: number;
  onCoalesced?: () => void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<UpstreamResponse>>();
  const cache = new Map<string, { response: UpstreamResponse; until: number }>();
  const maxCachedEntries = 500;

  return {
    async get(key: string, load: () => Promise<UpstreamResponse>): Promise<UpstreamResponse> {
      if (options.ttlSeconds > 0) {
        const cached = cache.get(key);
        if (cached && cached.until > now()) return cached.response;
        if (cached) cache.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending) {
        options.onCoalesced?.();
        return pending;
      }
      const promise = load()
        .then((response) => {
          if (options.ttlSeconds > 0 && response.status === 200) {
            if (cache.size >= maxCachedEntries) cache.delete(cache.keys().next().value as string);
            cache.set(key, { response, until: now() + options.ttlSeconds * 1000 });
          }
          return response;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}
