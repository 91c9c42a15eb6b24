import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { systemClock, type Clock } from '../clock.ts';

/**
 * Encrypted, integrity-protected cookie values (JWE, A256GCM, key derived from SESSION_SECRET).
 * The browser holds an opaque blob it can neither read nor alter; a changed byte fails to decrypt.
 */
export interface SealedCodec {
  seal(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  unseal<T>(value: string | undefined): Promise<T | undefined>;
}

export function createSealedCodec(
  secret: Uint8Array,
  purpose: string,
  clock: Clock = systemClock,
): SealedCodec {
  // One key per purpose, so a login-state cookie can never be replayed as a session cookie.
  const key = new Uint8Array(
    createHash('sha256').update(`storey:${purpose}:`).update(secret).digest(),
  );
  return {
    seal: (payload, expiresInSeconds) => {
      const nowSeconds = Math.floor(clock.now() / 1000);
      return new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + expiresInSeconds)
        .encrypt(key);
    },
    async unseal<T>(value: string | undefined) {
      if (!value || value.length > 8192) return undefined;
      try {
        const { payload } = await jwtDecrypt(value, key, { currentDate: new Date(clock.now()) });
        return payload as T;
      } catch {
        return undefined;
      }
    },
  };
}
