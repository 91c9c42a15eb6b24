import pMap from 'p-map';
import { z } from 'zod';
import {
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  type UpstreamResponse,
} from '../../platform/platform-client.ts';
import type { PlatformGateway } from '../../platform/gateway.ts';
import { RecordList } from '../../../src/shared/platform/records.ts';
import {
  pageKey,
  plausibleTotal,
  repeatedPageMessage,
} from '../../../src/shared/platform/paging.ts';
import type { z as zMini } from '../../../src/shared/zod.ts';

/** Why the sync stopped, in words for the status page (never a token, never a body). */
export class SyncReadError extends Error {
  override name = 'SyncReadError';
  constructor(
    message: string,
    /** The platform's status when it refused (not retried), e.g. 403 or 404. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The reader's request budget is spent: no further request is made. */
export class BudgetSpentError extends Error {
  override name = 'BudgetSpentError';
}

export interface PlatformPagesOptions {
  gateway: PlatformGateway;
  /**
   * Waits before a retry; tests pass one that returns at once (time is injected). Ends early,
   * rejecting, when `signal` aborts: a stopping BFF never waits out a back-off (up to 60 s).
   */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  pageSize: number;
  concurrency: number;
  /** Tries per request, the first included. */
  attempts?: number;
  /** Aborted when the server stops: no further request is made, no back-off waited out. */
  signal: AbortSignal;
  /** Requests at most, retries included; the one past it throws BudgetSpentError instead. */
  budget?: number;
  /**
   * Requests start at least `everyMs` apart on average (retries included), through `wait`: a
   * budget spent evenly over its period, so the platform sees a steady pace, never the whole
   * budget at once. The first `burst` beyond the first start at once (a small portfolio's round
   * is not drawn out), then the pace holds. `now` is a monotonic clock in milliseconds
   * (performance.now unless a test gives one).
   */
  pace?: { everyMs: number; burst?: number; now?: () => number };
  /** Entries of one REST list read at most (default `defaultMaxListItems`). */
  maxListItems?: number;
  /** Entries of one GraphQL root list read at most (default `defaultMaxGraphqlItems`). */
  maxGraphqlItems?: number;
}

/**
 * The most entries of one REST list the index reads: twice the largest portfolio Storey is
 * designed for (10,000 buildings; a building's current values run to tens of thousands, and
 * their reader asks for more). A platform's count beyond it is not believed.
 */
export const defaultMaxListItems = 20_000;
/** The most levels or rooms read from a GraphQL root list: twice the large profile's rooms. */
export const defaultMaxGraphqlItems = 700_000;

const retriedStatuses = new Set([429, 500, 502, 503, 504]);

/**
 * The platform as the index reads it: whole pages through the BFF's own gateway (token, 401
 * retry, timeouts, credential masking), each retried on 429 (after Retry-After), 5xx and a
 * connection dropped mid-answer, a bounded number of times. Counts every request it makes.
 */
export function createPlatformPages(options: PlatformPagesOptions) {
  const asking = retryingRequests(options);
  const graphql = <T>(
    document: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
    what: string,
  ) => readGraphql(asking, document, variables, schema, what);
  return {
    restPages: (
      path: string,
      what: string,
      consume: (items: readonly unknown[]) => void,
      maxItems?: number,
    ) => readRestPages(asking, path, what, consume, maxItems),
    restList: <T extends { id: string }>(
      path: string,
      schema: zMini.ZodMiniType<T>,
      what: string,
      maxItems?: number,
    ) => readRestList(asking, path, schema, what, maxItems),
    graphql,
    graphqlInPart: <T>(
      document: string,
      variables: Record<string, unknown>,
      schema: z.ZodType<T>,
      what: string,
    ) => readGraphqlInPart(asking, document, variables, schema, what),
    graphqlList: (
      document: string,
      pick: (data: unknown) => unknown[],
      what: string,
      consume: (items: unknown[], countSoFar: number) => Promise<unknown>,
      maxItems?: number,
    ) => readGraphqlList(asking, { document, pick, what, consume, maxItems }),
    /** `work` over `items`, `concurrency` at once, results in order; the first failure stops it. */
    each: <I, O>(items: readonly I[], work: (item: I) => Promise<O>) =>
      pMap(items, work, { concurrency: options.concurrency }),
    requests: asking.requests,
  };
}

export type PlatformPages = ReturnType<typeof createPlatformPages>;

/** The options, and one request with its retries, pace and budget, counted. */
interface Asking {
  options: PlatformPagesOptions;
  withRetries: (what: string, ask: () => Promise<UpstreamResponse>) => Promise<UpstreamResponse>;
  requests: () => number;
}

/** Requests kept to the budget and pace, each retried on what a retry can mend. */
function retryingRequests(options: PlatformPagesOptions): Asking {
  const { wait, signal } = options;
  const attempts = options.attempts ?? 5;
  let requests = 0;
  /**
   * When the next request would start at an even pace (the generic cell rate algorithm): a
   * request waits for as much of it as lies beyond the burst. Moved before waiting, so
   * concurrent askers queue.
   */
  let paced = Number.NEGATIVE_INFINITY;
  const paceNow = options.pace?.now ?? (() => performance.now());

  const keepPace = async () => {
    if (!options.pace) return;
    const { everyMs, burst = 0 } = options.pace;
    const now = paceNow();
    paced = Math.max(paced, now);
    const waitMs = paced - now - burst * everyMs;
    paced += everyMs;
    if (waitMs > 0) await wait(waitMs, signal);
  };

  async function withRetries(
    what: string,
    ask: () => Promise<UpstreamResponse>,
  ): Promise<UpstreamResponse> {
    let lastProblem = '';
    for (let attempt = 0; attempt < attempts; attempt++) {
      signal.throwIfAborted();
      if (options.budget !== undefined && requests >= options.budget)
        throw new BudgetSpentError(`The budget of ${options.budget} platform requests is spent.`);
      requests++;
      await keepPace();
      let answer: UpstreamResponse | undefined;
      try {
        answer = await ask();
      } catch (error) {
        if (!(error instanceof UpstreamUnavailableError || error instanceof UpstreamTimeoutError))
          throw error;
        lastProblem = error.message;
      }
      if (answer && answer.status === 200) return answer;
      if (answer && !retriedStatuses.has(answer.status))
        throw new SyncReadError(
          `The platform refused ${what} (status ${answer.status}).`,
          answer.status,
        );
      if (answer) lastProblem = `status ${answer.status}`;
      if (attempt < attempts - 1) await wait(backoffMs(attempt, answer), signal);
    }
    throw new SyncReadError(
      `The platform did not give ${what} after ${attempts} tries (${lastProblem}).`,
    );
  }
  return { options, withRetries, requests: () => requests };
}

function backoffMs(attempt: number, answer?: UpstreamResponse): number {
  const retryAfter = Number(answer?.headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter, 60) * 1000;
  return Math.min(500 * 2 ** attempt, 15_000);
}

function json(answer: UpstreamResponse, what: string): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new SyncReadError(`The platform's answer to ${what} is not JSON.`);
  }
}

/**
 * Every page of a REST listing, handed to `consume` in order. Paging trusts no count: it stops
 * at the first short page. A plausible `x-total-count` (at most `maxItems`) only lets the pages
 * after the first be asked `concurrency` at a time and stops at that count; an implausible one
 * (10^12 once took Storey's heap in a second) is not believed, and pages are asked one after
 * another. A list longer than `maxItems`, or a page that repeats the one before (a platform
 * that ignores `skip`), ends the read with a SyncReadError.
 */
async function readRestPages(
  { options, withRetries }: Asking,
  path: string,
  what: string,
  consume: (items: readonly unknown[]) => void,
  maxItems = options.maxListItems ?? defaultMaxListItems,
): Promise<void> {
  const { gateway, pageSize, concurrency } = options;
  const separator = path.includes('?') ? '&' : '?';
  const page = async (skip: number) => {
    const label = `${what} (from ${skip})`;
    const answer = await withRetries(label, () =>
      gateway.readListingWhole(`${path}${separator}take=${pageSize}&skip=${skip}`),
    );
    const items = json(answer, label);
    if (!Array.isArray(items))
      throw new SyncReadError(`The platform's answer to ${label} is not a list.`);
    return { items, total: plausibleTotal(answer.headers['x-total-count'], maxItems) };
  };
  const first = await page(0);
  consume(first.items);
  if (first.items.length < pageSize) return;
  const total = first.total;
  let previous = pageKey(first.items);
  for (let skip = pageSize; ;) {
    if (total !== undefined && skip >= total) return;
    if (skip >= maxItems) throw new SyncReadError(tooLongMessage(maxItems, what));
    const wave: number[] = [];
    const end = Math.min(total ?? skip + pageSize, maxItems);
    for (let next = skip; next < end && wave.length < concurrency; next += pageSize)
      wave.push(next);
    const answers = await pMap(wave, page, { concurrency });
    for (const answer of answers) {
      const key = pageKey(answer.items);
      if (answer.items.length > 0 && key === previous)
        throw new SyncReadError(repeatedPageMessage(what));
      previous = key;
      consume(answer.items);
      skip += pageSize;
      if (answer.items.length < pageSize) return;
    }
  }
}

const tooLongMessage = (maxItems: number, what: string) =>
  `The platform lists more than ${maxItems.toLocaleString('en')} entries in ${what}; Storey reads at most that many.`;

/**
 * A REST listing's records, every page, read one by one (shared/platform/records.ts): records
 * that cannot be read are skipped and counted, ids given twice kept once.
 */
async function readRestList<T extends { id: string }>(
  asking: Asking,
  path: string,
  schema: zMini.ZodMiniType<T>,
  what: string,
  maxItems?: number,
): Promise<RecordList<T>> {
  const list = new RecordList(schema);
  await readRestPages(asking, path, what, (items) => list.add(items), maxItems);
  return list;
}

/**
 * One GraphQL query that may be answered in part: its data and whether errors came with it (a
 * field that failed is null in the data). No data at all counts as a failed read of `what`.
 */
async function readGraphqlInPart<T>(
  { options, withRetries }: Asking,
  document: string,
  variables: Record<string, unknown>,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ data: T; partial: boolean }> {
  const body = JSON.stringify({ query: document, variables });
  const answer = await withRetries(what, () => options.gateway.readGraphqlWhole(body));
  // The GraphQL envelope of the spec ({data, errors}); its data is read by the caller's schema.
  // eslint-disable-next-line no-restricted-syntax
  const parsed = z
    .object({ data: schema.nullish(), errors: z.unknown().optional() })
    .safeParse(json(answer, what));
  if (!parsed.success || !parsed.data.data)
    throw new SyncReadError(`The platform's GraphQL answer to ${what} has errors or no data.`);
  const { errors } = parsed.data;
  return { data: parsed.data.data, partial: Array.isArray(errors) && errors.length > 0 };
}

/** One GraphQL query; an answer with `errors` counts as a failed read of `what`. */
async function readGraphql<T>(
  asking: Asking,
  document: string,
  variables: Record<string, unknown>,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  const answer = await readGraphqlInPart(asking, document, variables, schema, what);
  if (answer.partial)
    throw new SyncReadError(`The platform's GraphQL answer to ${what} has errors or no data.`);
  return answer.data;
}

/**
 * A GraphQL root list, page by page with take/skip, `concurrency` pages at a time, until a
 * short page (GraphQL lists carry no total). Each wave's items go to `consume` as they come, so
 * a list of 336,000 rooms is never held whole; returns how many there were.
 */
async function readGraphqlList(
  asking: Asking,
  list: {
    document: string;
    pick: (data: unknown) => unknown[];
    what: string;
    consume: (items: unknown[], countSoFar: number) => Promise<unknown>;
    maxItems: number | undefined;
  },
): Promise<number> {
  const { pageSize, concurrency } = asking.options;
  const { document, pick, what } = list;
  const maxItems = list.maxItems ?? asking.options.maxGraphqlItems ?? defaultMaxGraphqlItems;
  const page = async (skip: number) => {
    const variables = { take: pageSize, skip };
    const data = await readGraphql(
      asking,
      document,
      variables,
      z.unknown(),
      `${what} (from ${skip})`,
    );
    const items = pick(data);
    if (!Array.isArray(items))
      throw new SyncReadError(`The platform's answer to ${what} (from ${skip}) is not a list.`);
    return items;
  };
  let count = 0;
  let previous = '';
  for (let wave = 0; ; wave++) {
    if (wave * concurrency * pageSize >= maxItems)
      throw new SyncReadError(tooLongMessage(maxItems, what));
    const skips = Array.from(
      { length: concurrency },
      (_, index) => (wave * concurrency + index) * pageSize,
    );
    const pages = await pMap(skips, page, { concurrency });
    const end = pages.findIndex((one) => one.length < pageSize);
    const kept = end === -1 ? pages : pages.slice(0, end + 1);
    for (const one of kept) {
      const key = pageKey(one);
      if (one.length > 0 && key === previous) throw new SyncReadError(repeatedPageMessage(what));
      previous = key;
    }
    const items = kept.flat();
    count += items.length;
    await list.consume(items, count);
    if (end !== -1) return count;
  }
}
