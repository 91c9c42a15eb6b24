/**
 * Reads before writes on the embedded database's one connection. A conditions round at 10,000
 * buildings writes for minutes; each of its writes queued ahead of a person's read made that read
 * wait out its deadline (503). The round waits for the reads in flight before each write, so a
 * read waits for at most the one write already running. PostgreSQL serves reads on connections
 * of their own and needs none of this.
 */
export interface ReadsFirst {
  /** Counts `read` in flight until it settles (however it ends), and returns it. */
  track<T>(read: Promise<T>): Promise<T>;
  /** Resolves once no read is in flight: at once when none is. */
  idle(): Promise<void>;
}

export function createReadsFirst(): ReadsFirst {
  let inFlight = 0;
  let waiting: Array<() => void> = [];
  return {
    track(read) {
      inFlight++;
      const settled = () => {
        inFlight--;
        if (inFlight > 0) return;
        const resume = waiting;
        waiting = [];
        for (const go of resume) go();
      };
      read.then(settled, settled);
      return read;
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
  };
}
