/**
 * One full garbage collection when the BFF falls quiet after work that left garbage behind.
 *
 * V8 in node collects when allocation asks it to, so a BFF that goes quiet after a burst keeps the
 * burst's dead objects, and the pages holding them, for as long as it stays quiet: after the
 * bench's 60-second load the old space held about 100 MB of which 30 MB were alive, and the
 * process kept 260 MB resident against 130 MB before the load (decision 0008). Browsers collect
 * in idle time; node has no idle time to speak of. So: when a whole period passes without a
 * response and the heap has grown by `growthBytes` since the last collection, collect once. A
 * BFF that is never quiet is collected by V8 as it goes, and one that is quiet and small is left
 * alone.
 */
export interface IdleCollectionOptions {
  /** Responses sent so far: the activity watched. */
  responsesSent: () => number;
  /**
   * Bytes V8 holds for its heap (committed, not only in use). After a burst V8's own collections
   * free the objects but keep the pages, so the used size can be back near its floor while the
   * process still holds the burst's memory: measured by use, the growth test missed it whenever
   * V8 had collected at the burst's end (the bench read 229 MB where it had read 126).
   */
  heapCommitted: () => number;
  /** The collection (`memoryReducingCollection`); none where node runs without --expose-gc. */
  collect: (() => void) | undefined;
  /** Calls `tick` once per period until the function it returns is called. */
  every: (tick: () => void) => () => void;
  /** How much the heap must have grown since the last collection to be worth one. */
  growthBytes?: number;
}

export function startIdleCollection(options: IdleCollectionOptions): { stop(): void } {
  const { responsesSent, heapCommitted, collect, every, growthBytes = 16 * 1024 * 1024 } = options;
  if (!collect) return { stop() {} };
  let seen = responsesSent();
  let afterLastCollection = heapCommitted();
  const stop = every(() => {
    const sent = responsesSent();
    const quiet = sent === seen;
    seen = sent;
    if (!quiet || heapCommitted() - afterLastCollection < growthBytes) return;
    collect();
    afterLastCollection = heapCommitted();
  });
  return { stop };
}

/** `every` on real timers, never keeping the process alive. */
export const everyMilliseconds =
  (period: number) =>
  (tick: () => void): (() => void) => {
    const timer = setInterval(tick, period);
    timer.unref();
    return () => clearInterval(timer);
  };

/**
 * A collection that also hands emptied pages back to the system, where node runs with --expose-gc:
 * V8's "last resort" flavour (compacting, as a heap snapshot collects). A plain `gc()` frees the
 * objects but keeps the old space's pages for later, so the process stays as large as the burst
 * made it.
 */
export function memoryReducingCollection(): (() => void) | undefined {
  const gc = (globalThis as { gc?: (options?: object) => void }).gc;
  return gc ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : undefined;
}
