import { Readable } from 'node:stream';
import { UpstreamUnavailableError, type StreamedUpstreamResponse } from './platform-client.ts';

export interface SharedReadsOptions {
  /** Keep successful answers this long (0: only share reads in flight). */
  ttlSeconds: number;
  /**
   * How much of an answer is kept so that an identical read arriving after the answer began can
   * still join it. Past this, the answer streams on to those already reading it and a later read
   * makes its own call: what the BFF holds per answer is bounded by this, not by the answer.
   */
  windowBytes: number;
  /** An answer longer than this is cut off (the readers' streams fail) instead of relayed on. */
  maxBytes: number;
  now: () => number;
  onCoalesced?: () => void;
}

interface Head {
  status: number;
  headers: Record<string, string>;
  /** A reader of the whole answer from its first byte, or undefined once that is no longer kept. */
  join(): Readable | undefined;
}

/**
 * One platform answer relayed to every reader that joined it, at the pace of the slowest (the
 * platform's socket is paused while any reader's buffer is full), without copying or parsing it.
 */
function broadcast(
  answer: StreamedUpstreamResponse,
  options: {
    windowBytes: number;
    maxBytes: number;
    /** `whole` copies the answer out, when the window still holds all of it. */
    onEnd: (whole: () => Buffer | undefined) => void;
    onWindowClosed: () => void;
  },
): Head {
  const source = answer.body;
  const readers = new Set<Readable>();
  const full = new Set<Readable>();
  let kept: Buffer[] | undefined = [];
  let received = 0;
  let finished = false;

  const closeWindow = () => {
    if (kept === undefined) return;
    kept = undefined;
    options.onWindowClosed();
  };
  const fail = (error: Error) => {
    if (finished) return;
    finished = true;
    closeWindow();
    for (const reader of readers) reader.destroy(error);
  };

  source.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxBytes) {
      source.destroy();
      fail(new UpstreamUnavailableError('The platform answer is larger than the BFF accepts.'));
      return;
    }
    if (kept !== undefined) {
      kept.push(chunk);
      if (received > options.windowBytes) closeWindow();
    }
    for (const reader of readers) {
      if (!reader.push(chunk)) full.add(reader);
    }
    if (full.size > 0) source.pause();
  });
  source.once('end', () => {
    finished = true;
    for (const reader of readers) reader.push(null);
    const all = kept;
    options.onEnd(() => (all === undefined ? undefined : Buffer.concat(all, received)));
  });
  source.once('error', fail);
  // undici ends a body whose socket closed early with an error; a plain close without end is one too.
  source.once('close', () => {
    if (!finished)
      fail(
        new UpstreamUnavailableError('The platform closed the connection before its answer ended.'),
      );
  });
  // Nothing flows until the first reader has joined (synchronously, below in `read`).
  source.pause();

  return {
    status: answer.status,
    headers: answer.headers,
    join() {
      if (kept === undefined) return undefined;
      // A plain Readable fed by push(): lighter than a PassThrough, and its read() is the
      // signal that this reader has room again.
      const reader: Readable = new Readable({
        read() {
          if (full.delete(reader) && full.size === 0) source.resume();
        },
      });
      for (const chunk of kept) reader.push(chunk);
      if (finished) {
        reader.push(null);
        return reader;
      }
      readers.add(reader);
      reader.once('close', () => {
        readers.delete(reader);
        full.delete(reader);
        // The last browser went away: stop reading an answer nobody will get.
        if (readers.size === 0 && !finished) {
          source.destroy();
          fail(new Error('Every reader of this answer went away.'));
        } else if (full.size === 0) source.resume();
      });
      source.resume();
      return reader;
    },
  };
}

/**
 * Shields the platform from repeated identical reads: reads of the same key made while one is in
 * flight share its call and its bytes (relayed to each as they arrive, never parsed here), and
 * successful answers may be kept for a short time.
 */
export function createSharedReads(options: SharedReadsOptions) {
  const inFlight = new Map<string, Promise<Head>>();
  const cache = new Map<
    string,
    { status: number; headers: Record<string, string>; body: Buffer; until: number }
  >();
  const maxCachedEntries = 500;

  const start = (key: string, open: () => Promise<StreamedUpstreamResponse>): Promise<Head> => {
    const forget = (promise: Promise<Head>) => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    };
    const promise: Promise<Head> = open().then(
      (answer) =>
        broadcast(answer, {
          windowBytes: options.windowBytes,
          maxBytes: options.maxBytes,
          onWindowClosed: () => forget(promise),
          onEnd: (whole) => {
            forget(promise);
            const body = options.ttlSeconds > 0 && answer.status === 200 ? whole() : undefined;
            if (body) {
              if (cache.size >= maxCachedEntries) cache.delete(cache.keys().next().value as string);
              cache.set(key, {
                status: answer.status,
                headers: answer.headers,
                body,
                until: options.now() + options.ttlSeconds * 1000,
              });
            }
          },
        }),
      (error: unknown) => {
        forget(promise);
        throw error;
      },
    );
    inFlight.set(key, promise);
    return promise;
  };

  return {
    async read(
      key: string,
      open: () => Promise<StreamedUpstreamResponse>,
    ): Promise<StreamedUpstreamResponse> {
      if (options.ttlSeconds > 0) {
        const cached = cache.get(key);
        if (cached && cached.until > options.now()) {
          return {
            status: cached.status,
            headers: cached.headers,
            body: Readable.from([cached.body], { objectMode: false }),
          };
        }
        if (cached) cache.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending) {
        const head = await pending;
        const body = head.join();
        if (body) {
          options.onCoalesced?.();
          return { status: head.status, headers: head.headers, body };
        }
      }
      const head = await start(key, open);
      // The first reader joins before any byte can flow; only a failure in between leaves it out.
      const body = head.join();
      if (!body) throw new UpstreamUnavailableError('The platform answer failed as it began.');
      return { status: head.status, headers: head.headers, body };
    },
  };
}
