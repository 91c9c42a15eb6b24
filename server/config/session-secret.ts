import { ConfigError } from './config-error.ts';

/**
 * SESSION_SECRET's checks (security review L3): random bytes, not a phrase or a placeholder.
 */

/** Words the documentation and examples use in place of a real secret. */
const placeholderPattern = /replace-?me|change-?me|changeit|example|placeholder|secret|your-/i;
const secretAdvice = 'generate one with `openssl rand -base64 48`';

/** Bits of information per character of `text`, by the frequency of its characters. */
function entropyPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/**
 * A secret a person wrote rather than drew (security review L3): base64 of a phrase, or a phrase
 * that happens to be valid base64. Random bytes are almost never all printable (a chance of
 * 10^-14 for 32 bytes); random base64 has both cases, and few long runs of lower-case letters
 * with as little variety as words have ("StoreyFacilityDashboard…2026": 57 % of it in runs of
 * four or more, 4.5 bits a character). Refuses about one random 32-byte secret in 8,000 and no
 * 48-byte one (`openssl rand -base64 48`, the advice given) in two million draws.
 */
function looksWritten(encoded: string, bytes: Buffer): boolean {
  if (bytes.every((byte) => byte >= 0x20 && byte < 0x7f)) return true;
  if (/^[0-9a-f]+$/i.test(encoded)) return false;
  if (!/[a-z]/.test(encoded) || !/[A-Z]/.test(encoded)) return true;
  let inWords = 0;
  for (const run of encoded.matchAll(/[a-z]{4,}/g)) inWords += run[0].length;
  return inWords / encoded.length >= 0.45 && entropyPerCharacter(encoded.replace(/=+$/, '')) < 4.6;
}

/**
 * SESSION_SECRET must be at least 32 random bytes written as hex or base64: a passphrase or a
 * documentation placeholder is refused, since anyone who guesses it can forge sessions.
 */
export function decodeSessionSecret(raw: string): Uint8Array {
  const value = raw.trim();
  if (placeholderPattern.test(value))
    throw new ConfigError([
      `SESSION_SECRET looks like a placeholder from the documentation: ${secretAdvice}.`,
    ]);
  let bytes: Buffer | undefined;
  if (/^(?:[0-9a-f]{2})+$/i.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) || /^[A-Za-z0-9_-]+$/.test(value))
    bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  if (!bytes)
    throw new ConfigError([
      `SESSION_SECRET must be written as hex or base64 (${value.length} characters given): ${secretAdvice}.`,
    ]);
  if (bytes.length < 32)
    throw new ConfigError([
      `SESSION_SECRET must hold at least 32 bytes; it holds ${bytes.length}: ${secretAdvice}.`,
    ]);
  // 32 random bytes almost never have fewer than 20 distinct values; "aaaa…" or "0101…" do.
  if (new Set(bytes).size < 16 || looksWritten(value, bytes))
    throw new ConfigError([
      `SESSION_SECRET is not random enough (words or text, not random bytes): ${secretAdvice}.`,
    ]);
  return new Uint8Array(bytes);
}
