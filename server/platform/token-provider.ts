export interface IssuedToken {
  value: string;
  expiresInSeconds: number;
}

export interface TokenProvider {
  /** A token that will not expire before the call using it reaches the platform. */
  getToken(): Promise<string>;
  /** Forget a token the platform refused, so the next getToken() fetches a new one. */
  invalidate(token: string): void;
  /** The tokens issued lately (the current one and those before it), to mask them in answers. */
  recent(): readonly string[];
}

export class IdentityProviderError extends Error {
  constructor(
    /** The OAuth `error` code, or "unreachable" when no answer came. */
    readonly code: string,
    readonly status: number | undefined,
  ) {
    super(`The identity provider refused the token request (${code})`);
    this.name = 'IdentityProviderError';
  }
}

/**
 * How long before expiry to renew: a minute for the usual hour-long token (1/60 of it), the same
 * proportion for shorter ones but at least a second (a call needs time to arrive), and never more
 * than a fifth of a very short lifetime.
 */
export function renewalMarginSeconds(lifetimeSeconds: number): number {
  return Math.min(60, Math.max(lifetimeSeconds / 60, Math.min(1, lifetimeSeconds * 0.2)));
}

export function createTokenProvider(options: {
  requestToken: () => Promise<IssuedToken>;
  now?: () => number;
}): TokenProvider {
  const now = options.now ?? Date.now;
  let current: { value: string; renewAt: number; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  // An answer that began under the previous token may still echo it.
  const lately: string[] = [];

  const fetchToken = (): Promise<string> => {
    // Everyone who asks while a request is out waits for that one request.
    inFlight ??= options
      .requestToken()
      .then((issued) => {
        const issuedAt = now();
        lately.unshift(issued.value);
        lately.length = Math.min(lately.length, 3);
        current = {
          value: issued.value,
          expiresAt: issuedAt + issued.expiresInSeconds * 1000,
          renewAt:
            issuedAt +
            (issued.expiresInSeconds - renewalMarginSeconds(issued.expiresInSeconds)) * 1000,
        };
        return issued.value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    async getToken() {
      const time = now();
      if (current && time < current.renewAt) return current.value;
      if (current && time < current.expiresAt) {
        // In the renewal window: a failed renewal must not fail a call the old token can still make.
        const stillValid = current.value;
        return fetchToken().catch(() => stillValid);
      }
      return fetchToken();
    },
    invalidate(token) {
      if (current?.value === token) current = undefined;
    },
    recent: () => lately,
  };
}
