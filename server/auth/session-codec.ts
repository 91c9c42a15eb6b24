import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

/**
 * Encrypted, integrity-protected cookie values (JWE, A256GCM, key derived from SESSION_SECRET).
 * The browser holds an opaque blob it can neither read nor alter; a changed byte fails to decrypt.
 */
export interface SealedCodec {
  seal(payload: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  unseal<T>(value: string | undefined): Promise<T | undefined>;
}

export function createSealedCodec(secret: string, purpose: string): SealedCodec {
  // One key per purpose, so a login-state cookie can never be replayed as a session cookie.
  const key = new Uint8Array(
    createHash('sha256').update(`storey:${purpose}:`).update(secret).digest(),
  );
  return {
    seal: (payload, expiresInSeconds) =>
      new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .encrypt(key),
    async unseal<T>(value: string | undefined) {
      if (!value || value.length > 8192) return undefined;
      try {
        const { payload } = await jwtDecrypt(value, key);
        return payload as T;
      } catch {
        return undefined;
      }
    },
  };
}
