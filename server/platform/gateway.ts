import type { Clock } from '../clock.ts';
import {
  UpstreamUnavailableError,
  createPlatformClient,
  readWhole,
  type PlatformClientOptions,
  type StreamedUpstreamResponse,
  type UpstreamResponse,
} from './platform-client.ts';
import { createReaderQueues, type ReaderQueues } from './reader-queues.ts';
import { broadcast, createSharedReads } from './shared-reads.ts';

/**
 * Everything the BFF may ask of the platform. Answers relayed to browsers are streams (never read
 * whole or parsed here, decision 0007); the BFF's own questions (capabilities, readiness) read the
 * same answers whole.
 */
export interface PlatformGateway {
  /** A listing read, shared with identical reads in flight, handed over as it arrives. */
  relayListing(pathAndQuery: string): Promise<StreamedUpstreamResponse>;
  /**
   * A current-values read: like `relayListing`, and kept for CURRENT_VALUES_TTL_SECONDS, so everyone
   * looking at one place within that period shares one platform call.
   */
  relayCurrentValues(pathAndQuery: string): Promise<StreamedUpstreamResponse>;
  /** `relayListing`, whole: for the BFF's own use (bounded by PLATFORM_MAX_ANSWER_BYTES). */
  readListingWhole(pathAndQuery: string): Promise<UpstreamResponse>;
  /**
   * A read nobody shares (history series), handed over as it arrives (bounded by
   * PLATFORM_MAX_HISTORY_BYTES, and read at the platform's pace like every answer).
   */
  relayUnshared(pathAndQuery: string): Promise<StreamedUpstreamResponse>;
  /**
   * A GraphQL query (the guard has let only queries through), handed over as it arrives and,
   * like a listing, shared with identical queries in flight: one service account asks, so the
   * answer is the same for everyone.
   */
  relayGraphql(body: string): Promise<StreamedUpstreamResponse>;
  /** `relayGraphql`, whole: for the BFF's own use. */
  readGraphqlWhole(body: string): Promise<UpstreamResponse>;
  close(): Promise<void>;
  /** What browsers' answers hold unread, together (bounded by RELAY_BUFFER_BYTES). */
  readonly queues: ReaderQueues;
  /** The credentials masked in every answer: for error texts the relay reads whole. */
  secrets(): readonly string[];
  /** What the kept current values hold now (bounded by CURRENT_VALUES_CACHE_MB). */
  keptCurrentValues(): { bytes: number; entries: number };
}

/**
 * How much of a listing is kept while it arrives so that an identical read can still join it. The
 * dashboard's largest page (1,000 buildings with counts) is about 0.5 MB; past this, later reads
 * make their own call and what is in flight streams on unkept.
 */
export const shareWindowBytes = 2 * 1024 * 1024;

export interface GatewayOptions extends PlatformClientOptions {
  /** The bound of a history answer (a year of one room is about 12 MB). */
  maxHistoryBytes: number;
  /** What every browser's answer may hold unread, together. */
  maxQueuedBytes: number;
  cacheTtlSeconds: number;
  currentValuesTtlSeconds?: number;
  /** What kept current values may hold together, in bytes. */
  currentValuesCacheBytes?: number;
  clock: Clock;
  /** Credentials besides the tokens that must never reach a browser (the client secret). */
  secrets?: readonly string[];
  onCoalesced?: () => void;
  onReaderCut?: () => void;
}

/**
 * An answer that says up front it is over its limit is refused before a byte is relayed; one
 * that does not say is cut where it passes the limit (in `broadcast`). One rule, every method.
 */
function withinLimit(answer: StreamedUpstreamResponse, limit: number): StreamedUpstreamResponse {
  if (Number(answer.headers['content-length'] ?? 0) > limit) {
    answer.body.destroy();
    throw new UpstreamUnavailableError('The platform answer is larger than the BFF accepts.');
  }
  return answer;
}

/** Shared reads of listings and GraphQL (`cacheTtlSeconds`) or of current values. */
function sharedReadsFor(
  options: GatewayOptions,
  secrets: () => readonly string[],
  kept: { ttlSeconds: number; maxCachedBytes?: number | undefined },
) {
  return createSharedReads({
    ttlSeconds: kept.ttlSeconds,
    ...(kept.maxCachedBytes === undefined ? {} : { maxCachedBytes: kept.maxCachedBytes }),
    windowBytes: Math.min(shareWindowBytes, options.maxBodyBytes),
    maxBytes: options.maxBodyBytes,
    now: options.clock.now,
    secrets,
    ...(options.onCoalesced ? { onCoalesced: options.onCoalesced } : {}),
  });
}

export function createPlatformGateway(options: GatewayOptions): PlatformGateway {
  const client = createPlatformClient(options);
  const { maxBodyBytes, maxHistoryBytes } = options;
  const queues = createReaderQueues(options.maxQueuedBytes, options.onReaderCut);
  const staticSecrets = options.secrets ?? [];
  const secrets = () => [...options.tokens.recent(), ...staticSecrets];
  const shared = sharedReadsFor(options, secrets, { ttlSeconds: options.cacheTtlSeconds });
  const sharedCurrent = sharedReadsFor(options, secrets, {
    ttlSeconds: options.currentValuesTtlSeconds ?? 30,
    maxCachedBytes: options.currentValuesCacheBytes,
  });
  const relayCurrentValues = (pathAndQuery: string) =>
    sharedCurrent.read(pathAndQuery, async () =>
      withinLimit(
        await client.open({ method: 'GET', path: pathAndQuery, kind: 'rest' }),
        maxBodyBytes,
      ),
    );
  const relayListing = (pathAndQuery: string) =>
    shared.read(pathAndQuery, async () =>
      withinLimit(
        await client.open({ method: 'GET', path: pathAndQuery, kind: 'rest' }),
        maxBodyBytes,
      ),
    );
  const relayGraphql = (body: string) =>
    shared.read(`POST /graphql ${body}`, async () =>
      withinLimit(
        await client.open({ method: 'POST', path: '/graphql', kind: 'graphql', body }),
        maxBodyBytes,
      ),
    );
  const relayUnshared = async (pathAndQuery: string): Promise<StreamedUpstreamResponse> => {
    const answer = withinLimit(
      await client.open({ method: 'GET', path: pathAndQuery, kind: 'rest' }),
      maxHistoryBytes,
    );
    // Nobody joins a history read (no window), but it is bounded and masked like every answer.
    const head = broadcast(answer, { windowBytes: 0, maxBytes: maxHistoryBytes, secrets });
    return { status: head.status, headers: head.headers, body: head.join()! };
  };
  return {
    relayListing,
    relayCurrentValues,
    readListingWhole: async (pathAndQuery) =>
      readWhole(await relayListing(pathAndQuery), maxBodyBytes, options.timeoutMs),
    relayUnshared,
    relayGraphql,
    readGraphqlWhole: async (body) =>
      readWhole(await relayGraphql(body), maxBodyBytes, options.timeoutMs),
    close: () => client.close(),
    queues,
    secrets,
    keptCurrentValues: () => sharedCurrent.kept(),
  };
}
