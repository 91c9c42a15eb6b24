import { z } from '@/lib/zod';
import { apiGet } from '@/lib/api-client';

export const platformPageSize = 1000;
/**
 * The most pages one listing is read to: twice the largest portfolio Storey is designed for
 * (10,000 buildings, ten pages). The platform's x-total-count is a hint from upstream, not a
 * budget: 5,000,000 once sent 48 requests in 8 s and queued 5,000 (security review L7).
 */
export const maxListingPages = 20;
/** Pages asked for at once: a browser opens six connections to a host; the rest wait. */
const pagesAtOnce = 4;

function tooLong(): Error {
  return new Error(
    `The platform lists more than ${(maxListingPages * platformPageSize).toLocaleString('en')} entries here; Storey reads at most that many. Ask your platform administrator whether this credential sees more than it should.`,
  );
}

/**
 * Reads a paged platform listing to the end, at most `maxListingPages` pages. When the first page
 * carries x-total-count, the other pages are fetched a few at a time; without it, one after
 * another until a short page.
 */
export async function fetchAllPages<T>(
  pathFor: (take: number, skip: number) => string,
  item: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<T[]> {
  const page = z.array(item);
  const init = signal ? { signal } : {};
  const first = await apiGet(pathFor(platformPageSize, 0), page, init);
  if (first.data.length < platformPageSize) return first.data;

  const total = Number(first.headers.get('x-total-count') ?? Number.NaN);
  if (Number.isInteger(total) && total > platformPageSize) {
    if (total > maxListingPages * platformPageSize) throw tooLong();
    const offsets: number[] = [];
    for (let skip = platformPageSize; skip < total; skip += platformPageSize) offsets.push(skip);
    const pages: T[][] = [first.data];
    for (let start = 0; start < offsets.length; start += pagesAtOnce) {
      const batch = await Promise.all(
        offsets
          .slice(start, start + pagesAtOnce)
          .map((skip) => apiGet(pathFor(platformPageSize, skip), page, init)),
      );
      pages.push(...batch.map((response) => response.data));
    }
    return pages.flat();
  }
  const items = [...first.data];
  for (let pages = 1; ; pages += 1) {
    if (pages >= maxListingPages) throw tooLong();
    const next = (await apiGet(pathFor(platformPageSize, items.length), page, init)).data;
    items.push(...next);
    if (next.length < platformPageSize) return items;
  }
}
