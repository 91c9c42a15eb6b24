import { z } from '@/lib/zod';
import { apiGet } from '@/lib/api-client';
import { RecordList, type ReadList } from '@/shared/platform/records';
import { pageKey, plausibleTotal, repeatedPageMessage } from '@/shared/platform/paging';

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

const page = z.array(z.unknown());

/**
 * Reads a paged platform listing to the end, at most `maxListingPages` pages, record by record
 * (shared/platform/records.ts): a record that cannot be read is skipped and counted, never failing
 * the list. Paging trusts no count and stops at the first short page; a plausible x-total-count
 * only lets the pages after the first be fetched a few at a time, an implausible one is ignored.
 */
export async function fetchAllPages<T extends { id: string }>(
  pathFor: (take: number, skip: number) => string,
  item: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<ReadList<T>> {
  const list = new RecordList(item);
  const done = () => ({ records: list.records, skipped: list.skipped });
  const init = signal ? { signal } : {};
  const first = await apiGet(pathFor(platformPageSize, 0), page, init);
  if (list.add(first.data) < platformPageSize) return done();

  const total = plausibleTotal(
    first.headers.get('x-total-count'),
    maxListingPages * platformPageSize,
  );
  let previous = pageKey(first.data);
  for (let skip = platformPageSize; ;) {
    if (total !== undefined && skip >= total) return done();
    if (skip >= maxListingPages * platformPageSize) throw tooLong();
    const offsets: number[] = [];
    const end = total ?? skip + platformPageSize;
    for (let next = skip; next < end && offsets.length < pagesAtOnce; next += platformPageSize)
      offsets.push(next);
    const answers = await Promise.all(
      offsets.map((offset) => apiGet(pathFor(platformPageSize, offset), page, init)),
    );
    for (const answer of answers) {
      const key = pageKey(answer.data);
      if (answer.data.length > 0 && key === previous)
        throw new Error(repeatedPageMessage('this list'));
      previous = key;
      skip += platformPageSize;
      if (list.add(answer.data) < platformPageSize) return done();
    }
  }
}
