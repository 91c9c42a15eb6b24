import type { Readable } from 'node:stream';

/** A browser that reads an answer more slowly than the budget allows: its answer is cut. */
export class SlowReaderError extends Error {
  override name = 'SlowReaderError';
}

/**
 * What every browser's answer may hold, together, while it waits to be read. A platform answer is
 * read at the platform's pace, never paused for a reader (a paused answer holds a platform
 * connection for as long as its slowest browser likes, and stalls everyone sharing it); each
 * reader queues what it has not taken yet. Queues that together pass `maxQueuedBytes` are cut,
 * the largest first: that reader is the one furthest behind.
 */
export interface ReaderQueues {
  /** Counts a reader's queue (by default its buffer; `backlog` says otherwise) until it closes. */
  track(reader: Readable, backlog?: () => number): void;
  /**
   * After a push left `reader` over its high-water mark: cuts the largest queue if the queues
   * together are over budget. Returns true when `reader` itself was the one cut.
   */
  settle(reader: Readable): boolean;
  /** Bytes queued now, for tests and metrics. */
  queuedBytes(): number;
}

export function createReaderQueues(maxQueuedBytes: number, onCut?: () => void): ReaderQueues {
  const readers = new Map<Readable, () => number>();
  const queuedBytes = () => {
    let total = 0;
    for (const backlog of readers.values()) total += backlog();
    return total;
  };
  return {
    track(reader, backlog = () => reader.readableLength) {
      readers.set(reader, backlog);
      reader.once('close', () => readers.delete(reader));
    },
    settle(reader) {
      // Only slow readers get here (a push over the high-water mark), so a walk over the readers
      // in flight is paid by those who hold memory, not by every chunk of every answer.
      let total = 0;
      let largest: Readable | undefined;
      let largestBytes = -1;
      for (const [candidate, backlog] of readers) {
        const bytes = backlog();
        total += bytes;
        if (bytes > largestBytes) {
          largest = candidate;
          largestBytes = bytes;
        }
      }
      if (total <= maxQueuedBytes || !largest) return false;
      readers.delete(largest);
      onCut?.();
      largest.destroy(
        new SlowReaderError('The browser read this answer too slowly; it was cut to spare others.'),
      );
      return largest === reader;
    },
    queuedBytes,
  };
}
