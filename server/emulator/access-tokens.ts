import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokenIssuer {
  issue(input: { tenantId: string; clientId: string; audience: string }): Promise<string>;
  /** True when the token is one of ours, correctly signed and not (about to be) expired. */
  verify(token: string): Promise<boolean>;
  readonly lifetimeSeconds: number;
}

/**
 * Signed JWTs like Entra ID's, with a key made fresh for each emulator so tokens of another run
 * (or a forged one) are refused. `rejectSecondsEarly` mimics the real service refusing a token
 * slightly before `exp`.
 */
export function createAccessTokenIssuer(options: {
  lifetimeSeconds: number;
  rejectSecondsEarly: number;
  /** Milliseconds since the epoch; tests pass a clock they move by hand. */
  now: () => number;
}): AccessTokenIssuer {
  const { now } = options;
  const key = new Uint8Array(randomBytes(32));
  const issuer = 'https://sts.emulator.storey.local/';
  return {
    lifetimeSeconds: options.lifetimeSeconds,
    async issue({ tenantId, clientId, audience }) {
      const nowSeconds = Math.floor(now() / 1000);
      // exp rounds up so the token lives at least the expires_in it is advertised with.
      const expiresAt = Math.ceil(now() / 1000) + options.lifetimeSeconds;
      return new SignJWT({ tid: tenantId, appid: clientId, roles: ['Data.Read'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(clientId)
        .setJti(randomUUID())
        .setIssuedAt(nowSeconds)
        .setNotBefore(nowSeconds)
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    async verify(token) {
      try {
        await jwtVerify(token, key, {
          issuer,
          algorithms: ['HS256'],
          currentDate: new Date(now() + options.rejectSecondsEarly * 1000),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}
