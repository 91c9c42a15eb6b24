/**
 * Works through `items` with `concurrency` workers, each taking the next item, until every one is
 * done or one fails. An item begun is finished (or fails) before this settles, so nothing is
 * written after it; items not begun are left for the next round. Returns how many were done and
 * the first failure (undefined when none failed). The refreshes' rounds share it.
 */
export async function eachUntilFailure<Item>(
  items: readonly Item[],
  options: { concurrency: number; signal?: AbortSignal | undefined },
  work: (item: Item) => Promise<void>,
): Promise<{ done: number; failure: unknown }> {
  let done = 0;
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        options.signal?.throwIfAborted();
        await work(item);
        done++;
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return { done, failure };
}
