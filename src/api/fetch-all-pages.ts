import { z } from '@/lib/zod';
import { apiGet } from '@/lib/api-client';

export const platformPageSize = 1000;

/**
 * Reads a paged platform listing to the end. When the first page carries x-total-count, the other
 * pages are fetched in parallel; without it, one after another until a short page.
 */
export async function fetchAllPages<T>(
  pathFor: (take: number, skip: number) => string,
  item: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T[]> {
  const page = z.array(item);
  const init = signal ? { signal } : {};
  const first = await apiGet(pathFor(platformPageSize, 0), page, init);
  if (first.data.length < platformPageSize) return first.data;

  const total = Number(first.headers.get('x-total-count') ?? Number.NaN);
  if (Number.isInteger(total) && total > platformPageSize) {
    const offsets: number[] = [];
    for (let skip = platformPageSize; skip < total; skip += platformPageSize) offsets.push(skip);
    const rest = await Promise.all(
      offsets.map((skip) => apiGet(pathFor(platformPageSize, skip), page, init)),
    );
    return [first.data, ...rest.map((response) => response.data)].flat();
  }
  const items = [...first.data];
  for (;;) {
    const next = (await apiGet(pathFor(platformPageSize, items.length), page, init)).data;
    items.push(...next);
    if (next.length < platformPageSize) return items;
  }
}
