/** What a bench or script has started and not stopped yet: stopped when it is interrupted. */
const running = new Set<() => Promise<void>>();

/** Keeps `stop` until it has run, so `stopEverythingOnInterrupt` can run it. Returns a stop that forgets it. */
export function tracked(stop: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    running.delete(once);
    await stop();
  };
  running.add(once);
  return once;
}

/**
 * Ctrl-C or a SIGTERM stops every service and database this process started before it exits:
 * a bench interrupted mid-run would otherwise leave BFFs, emulators and a PostgreSQL running,
 * holding ports and the cores the next run measures on.
 */
export function stopEverythingOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void Promise.allSettled([...running].map((stop) => stop())).finally(() => process.exit(130));
    });
}
