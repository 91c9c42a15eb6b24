import type { HistorySettings } from '../config.ts';
import type { PlatformGateway } from './gateway.ts';
import { historyPath, type HistoryLevel } from './history.ts';
import type { UpstreamResponse } from './platform-client.ts';
import { dayMs } from '../../src/shared/rules/site-clock.ts';

/** Days asked for at once while the answer streams out in order. */
const daysAhead = 3;

/** A platform refusal, relayed to the browser as a problem by the route. */
export class HistoryRefusal extends Error {
  constructor(readonly response: UpstreamResponse) {
    super(`The platform refused history with status ${response.status}`);
  }
}

/** More readings than one answer may hold, known before anything was sent. */
export class HistoryTooLarge extends Error {
  constructor(
    readonly estimate: number,
    readonly limit: number,
  ) {
    super(`About ${estimate} readings, more than ${limit}`);
  }
}

/**
 * The range cut into windows of one day: the vendor advises several one-day requests over paging
 * through a month (field notes), and a day of one place is a page or a few.
 */
export function dayWindows(range: {
  from: number;
  to: number;
}): Array<{ from: number; to: number }> {
  const windows: Array<{ from: number; to: number }> = [];
  for (let from = range.from; from < range.to; from += dayMs)
    windows.push({ from, to: Math.min(from + dayMs, range.to) });
  return windows;
}

interface Page {
  /** The readings of the page as the platform wrote them, without the enclosing brackets. */
  inner: string;
  count: number;
  total: number | undefined;
}

function readPage(answer: UpstreamResponse): Page {
  if (answer.status !== 200) throw new HistoryRefusal(answer);
  const text = answer.body.toString('utf8');
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('The platform sent history that is not a list.');
  const totalHeader = answer.headers['x-total-count'];
  const total =
    totalHeader !== undefined && /^\d+$/.test(totalHeader) ? Number(totalHeader) : undefined;
  const trimmed = text.trim();
  return { inner: trimmed.slice(1, -1).trim(), count: parsed.length, total };
}

interface HistoryInput {
  gateway: PlatformGateway;
  settings: HistorySettings;
  level: HistoryLevel;
  id: string;
  range: { from: number; to: number };
  /** Aborted when the browser has gone (or the answer's deadline passed): no page more is asked. */
  signal?: AbortSignal | undefined;
}

/** Reads one day's pages in turn, until the data or the count ends it, or the reading stops. */
function dayReader(input: HistoryInput, signal: AbortSignal) {
  const { gateway, settings, level, id } = input;
  const take = settings.pageSize;
  /**
   * Pages one day may take: a day holding more than HISTORY_MAX_READINGS could never be sent, so
   * a platform that pages without end (or ignores `skip`) is stopped there (security review M4).
   */
  const maxPagesPerDay = Math.ceil(settings.maxReadings / take) + 1;

  return async (window: { from: number; to: number }): Promise<Page[]> => {
    const pages: Page[] = [];
    let skip = 0;
    let readings = 0;
    for (;;) {
      signal.throwIfAborted();
      if (pages.length >= maxPagesPerDay) throw new HistoryTooLarge(readings, settings.maxReadings);
      const page = readPage(
        await gateway.readListingWhole(historyPath(settings, level, id, window, { take, skip })),
      );
      if (page.count > 0 && page.inner === pages.at(-1)?.inner)
        throw new Error(
          'The platform sent the same page of history twice: it may not page with take and skip.',
        );
      pages.push(page);
      skip += page.count;
      readings += page.count;
      // Counted as the day is read, the first day too: its readings alone may be too many.
      if (readings > settings.maxReadings)
        throw new HistoryTooLarge(readings, settings.maxReadings);
      // The data ends the day (a short page); a count only ends it sooner.
      const done = page.count < take || (page.total !== undefined && skip >= page.total);
      if (done) return pages;
    }
  };
}

/**
 * Every reading of one place in a range: day by day, every page of each day (until x-total-count
 * is reached or a page comes back short), in time order. The first day is read before anything
 * is sent, so a refusal becomes a proper answer and a range that would hold more than
 * HISTORY_MAX_READINGS is refused up front; a later failure ends the answer broken, never short
 * and looking whole.
 */
export async function readHistory(input: HistoryInput): Promise<AsyncIterable<string>> {
  const { settings } = input;
  const windows = dayWindows(input.range);
  // Ended with the answer, however it ends: the days read ahead stop at their next page.
  const reading = new AbortController();
  const stop = () => reading.abort(input.signal?.reason);
  if (input.signal?.aborted) stop();
  else input.signal?.addEventListener('abort', stop, { once: true });
  const readDay = dayReader(input, reading.signal);

  const days = new Map<number, Promise<Page[]>>();
  const day = (index: number) => {
    let pages = days.get(index);
    if (!pages) {
      pages = readDay(windows[index]!);
      // Read ahead: a rejection is seen when its turn comes, not as an unhandled one now.
      pages.catch(() => undefined);
      days.set(index, pages);
    }
    return pages;
  };

  let first: Page[];
  try {
    first = await day(0);
  } catch (error) {
    stop();
    throw error;
  }
  const firstCount = first.reduce((sum, page) => sum + page.count, 0);
  const estimate = firstCount * windows.length;
  if (estimate > settings.maxReadings) {
    stop();
    throw new HistoryTooLarge(estimate, settings.maxReadings);
  }

  return (async function* stream() {
    try {
      yield '[';
      let written = 0;
      let separator = '';
      for (let index = 0; index < windows.length; index++) {
        for (let ahead = index + 1; ahead <= index + daysAhead && ahead < windows.length; ahead++)
          void day(ahead);
        const pages = await day(index);
        days.delete(index);
        for (const page of pages) {
          if (page.count === 0) continue;
          written += page.count;
          if (written > settings.maxReadings)
            throw new Error('The history holds more readings than one answer may.');
          yield separator + page.inner;
          separator = ',';
        }
      }
      yield ']';
    } finally {
      stop();
    }
  })();
}
