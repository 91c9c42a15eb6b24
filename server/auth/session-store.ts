import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/**
 * What must be shared between Storey instances for sign-out and sign-in to be safe: the live
 * sessions, sign-in states already used, and the ID token kept for the provider's sign-out.
 * Every record expires by itself; nothing here needs cleaning up.
 */
export interface SessionStore {
  /** Marks a value as seen; true only the first time (a sign-in state is usable once). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /** The values of several keys in one round trip (undefined where none is kept). */
  getMany(keys: readonly string[]): Promise<Array<string | undefined>>;
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Writes a value only where one is kept (Redis SET XX): a session signed out meanwhile is
   * not brought back by a late write. False when there was none.
   */
  replace(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes a value. */
  take(key: string): Promise<string | undefined>;
  /** Resolves when the store answers (readiness), throws SessionStoreUnavailableError if not. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The Redis connection, for other shared state (the rate limit); undefined in memory. */
  readonly redis: Redis | undefined;
}

export class SessionStoreUnavailableError extends Error {
  override name = 'SessionStoreUnavailableError';
}

/** One process's store: enough for one instance; several instances need SESSION_STORE_URL. */
export function createMemorySessionStore(clock: Clock): SessionStore {
  const records = new Map<string, { value: string; until: number }>();
  let writes = 0;
  const live = (key: string) => {
    const record = records.get(key);
    if (record && record.until <= clock.now()) {
      records.delete(key);
      return undefined;
    }
    return record;
  };
  const sweep = () => {
    // Expired records go every thousand writes, so the map stays as large as what is live.
    if (++writes % 1000 !== 0) return;
    const now = clock.now();
    for (const [key, record] of records) if (record.until <= now) records.delete(key);
  };
  return {
    redis: undefined,
    async claimOnce(key, ttlMs) {
      if (live(key)) return false;
      records.set(key, { value: '1', until: clock.now() + ttlMs });
      sweep();
      return true;
    },
    async getMany(keys) {
      return keys.map((key) => live(key)?.value);
    },
    async put(key, value, ttlMs) {
      records.set(key, { value, until: clock.now() + ttlMs });
      sweep();
    },
    async replace(key, value, ttlMs) {
      if (!live(key)) return false;
      records.set(key, { value, until: clock.now() + ttlMs });
      return true;
    },
    async take(key) {
      const record = live(key);
      records.delete(key);
      return record?.value;
    },
    async ping() {},
    async close() {
      records.clear();
    },
  };
}

/**
 * Redis or Valkey, shared by every instance. Commands fail fast while the server is unreachable
 * (no offline queue, one retry), so a request is refused with 503 rather than left hanging, and
 * a session is never taken as valid because its revocation could not be read.
 */
export async function createRedisSessionStore(url: string): Promise<SessionStore> {
  // Loaded only when a store is configured: the client is a quarter of an idle BFF's memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    keyPrefix: 'storey:',
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: 2000,
  });
  // Connection errors are reported through the commands that fail; without a listener ioredis
  // would print each reconnect attempt as an unhandled error event.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new SessionStoreUnavailableError(
      `The session store at SESSION_STORE_URL cannot be reached: ${(error as Error).message}`,
    );
  }
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new SessionStoreUnavailableError((error as Error).message);
    }
  };
  return {
    redis,
    claimOnce: (key, ttlMs) =>
      run(async () => (await redis.set(key, '1', 'PX', Math.ceil(ttlMs), 'NX')) === 'OK'),
    getMany: (keys) =>
      run(async () => (await redis.mget(...keys)).map((value) => value ?? undefined)),
    put: (key, value, ttlMs) =>
      run(async () => {
        await redis.set(key, value, 'PX', Math.ceil(ttlMs));
      }),
    replace: (key, value, ttlMs) =>
      run(async () => (await redis.set(key, value, 'PX', Math.ceil(ttlMs), 'XX')) === 'OK'),
    take: (key) => run(async () => (await redis.getdel(key)) ?? undefined),
    ping: () =>
      run(async () => {
        await redis.ping();
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export async function createSessionStore(
  url: string | undefined,
  clock: Clock,
): Promise<SessionStore> {
  return url ? createRedisSessionStore(url) : createMemorySessionStore(clock);
}
