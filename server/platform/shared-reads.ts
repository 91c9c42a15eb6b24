import { Readable } from 'node:stream';
import { UpstreamUnavailableError, type StreamedUpstreamResponse } from './platform-client.ts';
import { createStreamRedactor } from './secret-redaction.ts';

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
  /** The platform credentials to mask in every answer (read when an answer begins). */
  secrets: () => readonly string[];
  onCoalesced?: () => void;
  /**
   * What kept answers may hold together, in bytes (default `defaultCachedBytes`): a count of
   * entries alone let one person pin a gigabyte with 500 answers of 2 MB (security review M2).
   */
  maxCachedBytes?: number;
}

/** Kept answers together, by default: a few dozen buildings' current values. */
export const defaultCachedBytes = 32 * 1024 * 1024;

/**
 * A reader of one platform answer. `hold()` pauses the platform's answer until `release()`: for
 * the BFF's own CPU work (a compressor catching up), never for a browser's pace.
 */
export interface AnswerReader extends Readable {
  hold(): void;
  release(): void;
  /** Called when a chunk left this reader over its high-water mark (it is falling behind). */
  whenBehind?: (() => void) | undefined;
}

export interface Head {
  status: number;
  headers: Record<string, string>;
  /** A reader of the whole answer from its first byte, or undefined once that is no longer kept. */
  join(): AnswerReader | undefined;
}

interface BroadcastOptions {
  windowBytes: number;
  maxBytes: number;
  secrets: () => readonly string[];
  /** `whole` copies the answer out, when the window still holds all of it. */
  onEnd?: (whole: () => Buffer | undefined) => void;
  onWindowClosed?: () => void;
}

/**
 * One reader of an answer: a plain Readable fed by push(), lighter than a PassThrough (nothing
 * waits on its read()); the answer flows while no reader holds it.
 */
function answerReader(source: Readable, holding: Set<Readable>): AnswerReader {
  const reader: AnswerReader = Object.assign(new Readable({ read() {} }), {
    hold() {
      holding.add(reader);
      source.pause();
    },
    release() {
      if (holding.delete(reader) && holding.size === 0) source.resume();
    },
  });
  return reader;
}

const tooLarge = () =>
  new UpstreamUnavailableError('The platform answer is larger than the BFF accepts.');
const closedEarly = () =>
  new UpstreamUnavailableError('The platform closed the connection before its answer ended.');

/**
 * One platform answer relayed to every reader that joined it, without copying or parsing it. The
 * answer is read as fast as the platform sends it and never paused for a browser: that would hold
 * a platform connection for as long as the slowest browser liked and stall everyone sharing it
 * (security review S1, M1). Each reader takes what arrives into its own queue; what those queues
 * may hold together is the relay's business (`toBrowser` in http/relay.ts). Only a reader's own
 * CPU work may pause it (`hold`), and seldom: undici resumes a paused body slowly (tens of ms),
 * so an answer paused at every chunk took 20 times longer (S2).
 */
export function broadcast(answer: StreamedUpstreamResponse, options: BroadcastOptions): Head {
  const source = answer.body;
  const readers = new Set<AnswerReader>();
  const holding = new Set<Readable>();
  let kept: Buffer[] | undefined = [];
  let received = 0;
  let finished = false;
  const redactor = createStreamRedactor(options.secrets());

  const closeWindow = () => {
    if (kept === undefined) return;
    kept = undefined;
    options.onWindowClosed?.();
  };
  const fail = (error: Error) => {
    if (finished) return;
    finished = true;
    closeWindow();
    for (const reader of readers) reader.destroy(error);
  };
  const pass = (chunk: Buffer) => {
    if (chunk.length === 0) return;
    if (kept !== undefined) {
      kept.push(chunk);
      if (received > options.windowBytes) closeWindow();
    }
    for (const reader of readers) if (!reader.push(chunk)) reader.whenBehind?.();
  };

  source.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxBytes) {
      source.destroy();
      fail(tooLarge());
      return;
    }
    pass(redactor.write(chunk));
  });
  source.once('end', () => {
    pass(redactor.end());
    finished = true;
    for (const reader of readers) reader.push(null);
    const all = kept;
    options.onEnd?.(() => (all === undefined ? undefined : Buffer.concat(all, received)));
  });
  source.once('error', fail);
  // undici ends a body whose socket closed early with an error; a plain close without end is one too.
  source.once('close', () => {
    if (!finished) fail(closedEarly());
  });
  // Nothing flows until the first reader has joined (synchronously, below in `read`).
  source.pause();

  return {
    status: answer.status,
    headers: answer.headers,
    join() {
      if (kept === undefined) return undefined;
      const reader = answerReader(source, holding);
      for (const chunk of kept) reader.push(chunk);
      if (finished) {
        reader.push(null);
        return reader;
      }
      readers.add(reader);
      reader.once('close', () => {
        readers.delete(reader);
        reader.release();
        // The last reader went away: stop reading an answer nobody will get.
        if (readers.size === 0 && !finished) {
          source.destroy();
          fail(new Error('Every reader of this answer went away.'));
        }
      });
      source.resume();
      return reader;
    },
  };
}

interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Answers kept for `ttlSeconds`, oldest first (every one lives as long, so the expired ones
 * lead), bounded in entries and in bytes; what has expired is dropped at every read and, while
 * anything is kept, once a period.
 */
function createAnswerCache(options: SharedReadsOptions) {
  const cache = new Map<string, KeptAnswer & { until: number }>();
  const maxCachedEntries = 500;
  const maxCachedBytes = options.maxCachedBytes ?? defaultCachedBytes;
  let cachedBytes = 0;
  let sweeper: NodeJS.Timeout | undefined;
  const drop = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cachedBytes -= entry.body.length;
    cache.delete(key);
  };
  const sweep = () => {
    const now = options.now();
    for (const [key, entry] of cache) {
      if (entry.until > now) break;
      drop(key);
    }
    if (cache.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  return {
    kept: () => ({ bytes: cachedBytes, entries: cache.size }),
    /** A kept answer still fresh, after dropping what has expired. */
    fresh(key: string): KeptAnswer | undefined {
      sweep();
      const cached = cache.get(key);
      if (cached && cached.until > options.now()) return cached;
      if (cached) drop(key);
      return undefined;
    },
    keep(key: string, entry: KeptAnswer) {
      // An answer that would take more than a quarter of the budget is relayed, never kept.
      if (entry.body.length > maxCachedBytes / 4) return;
      sweep();
      drop(key);
      while (cache.size >= maxCachedEntries || cachedBytes + entry.body.length > maxCachedBytes)
        drop(cache.keys().next().value as string);
      cache.set(key, { ...entry, until: options.now() + options.ttlSeconds * 1000 });
      cachedBytes += entry.body.length;
      sweeper ??= setInterval(sweep, Math.max(1000, options.ttlSeconds * 1000)).unref();
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
  const cache = createAnswerCache(options);

  const start = (key: string, open: () => Promise<StreamedUpstreamResponse>): Promise<Head> => {
    const forget = (promise: Promise<Head>) => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    };
    const promise: Promise<Head> = open().then(
      (answer) =>
        broadcast(answer, {
          windowBytes: options.windowBytes,
          maxBytes: options.maxBytes,
          secrets: options.secrets,
          onWindowClosed: () => forget(promise),
          onEnd: (whole) => {
            forget(promise);
            const body = options.ttlSeconds > 0 && answer.status === 200 ? whole() : undefined;
            if (body) cache.keep(key, { status: answer.status, headers: answer.headers, body });
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
    /** What kept answers hold now, in bytes and entries. */
    kept: cache.kept,
    async read(
      key: string,
      open: () => Promise<StreamedUpstreamResponse>,
    ): Promise<StreamedUpstreamResponse> {
      const cached = options.ttlSeconds > 0 ? cache.fresh(key) : undefined;
      if (cached)
        return {
          status: cached.status,
          headers: cached.headers,
          body: Readable.from([cached.body], { objectMode: false }),
        };
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
