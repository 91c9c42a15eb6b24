/**
 * Masks the platform's credentials (its current tokens, the client secret) in an answer as it
 * streams past, without holding it whole: a platform or gateway that echoes what it was sent (an
 * exception detail, a "token … may not read this") must not hand the service's token to a browser
 * (security review M6). The mask has the secret's length, so a declared content-length holds.
 */
export interface StreamRedactor {
  /** What may be passed on now; a tail that may begin a secret is held back for the next chunk. */
  write(chunk: Buffer): Buffer;
  /** The bytes held back, masked: the answer's end. */
  end(): Buffer;
}

const mask = '[redacted]';
/** Shorter strings are not secrets worth a scan (and would mask ordinary words). */
const minimumSecretLength = 16;

/** Masks every whole secret in `buffer`; a copy when there is one, else the buffer itself. */
function masked(buffer: Buffer, needles: readonly Buffer[]): Buffer {
  let result = buffer;
  for (const needle of needles) {
    let at = result.indexOf(needle);
    if (at < 0) continue;
    // Never written into a buffer the network layer handed over: a copy of our own.
    if (result === buffer) result = Buffer.from(buffer);
    const filler = Buffer.from(mask.padEnd(needle.length, '*').slice(0, needle.length));
    for (; at >= 0; at = result.indexOf(needle, at + needle.length)) filler.copy(result, at);
  }
  return result;
}

/** Where the buffer's tail could begin a secret that the next chunk completes (else its length). */
function heldFrom(buffer: Buffer, needles: readonly Buffer[]): number {
  let from = buffer.length;
  for (const needle of needles) {
    const first = needle[0]!;
    for (
      let at = buffer.indexOf(first, Math.max(0, buffer.length - needle.length + 1));
      at >= 0 && at < from;
      at = buffer.indexOf(first, at + 1)
    ) {
      const tail = buffer.subarray(at);
      if (needle.subarray(0, tail.length).equals(tail)) {
        from = at;
        break;
      }
    }
  }
  return from;
}

/** The secrets as bytes, made once per secret (a token lives an hour; answers come by thousands). */
const needleCache = new Map<string, Buffer>();
function needleOf(secret: string): Buffer {
  let needle = needleCache.get(secret);
  if (!needle) {
    if (needleCache.size >= 16) needleCache.delete(needleCache.keys().next().value as string);
    needle = Buffer.from(secret);
    needleCache.set(secret, needle);
  }
  return needle;
}

export function createStreamRedactor(secrets: readonly string[]): StreamRedactor {
  const needles: Buffer[] = [];
  for (const secret of secrets)
    if (secret.length >= minimumSecretLength && !needles.includes(needleOf(secret)))
      needles.push(needleOf(secret));
  if (needles.length === 0) return { write: (chunk) => chunk, end: () => Buffer.alloc(0) };
  let pending: Buffer = Buffer.alloc(0);
  return {
    write(chunk) {
      const work = masked(pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk, needles);
      // Only a tail that could be the start of a secret waits for the next chunk: in ordinary
      // answers nothing is held back and nothing is copied.
      const ready = heldFrom(work, needles);
      pending = work.subarray(ready);
      return ready === work.length ? work : work.subarray(0, ready);
    },
    end() {
      const rest = pending;
      pending = Buffer.alloc(0);
      return rest;
    },
  };
}
