import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations.ts';
import type { IndexTables } from './tables.ts';

/**
 * Makes sure only one instance syncs at a time. On PostgreSQL a session-level advisory lock held
 * on a connection of its own: when the instance holding it dies, its connection closes and the
 * database releases the lock, so another instance can take over (no lease to expire by hand).
 */
export interface SyncLock {
  /** Runs `work` if nobody else holds the lock; false when somebody does. */
  tryRun(work: () => Promise<void>): Promise<boolean>;
}

export interface IndexDatabase {
  db: Kysely<IndexTables>;
  /** `postgres` at DATABASE_URL, or `embedded` (PGlite, in a thread of this process). */
  kind: 'postgres' | 'embedded';
  lock: SyncLock;
  /** The conditions refresh's own lock: it runs beside a sync, but on one instance at a time. */
  conditionsLock: SyncLock;
  /** The energy refresh's: beside the others, on one instance at a time. */
  energyLock: SyncLock;
  /** Why the database cannot serve now, in words (for /readyz); undefined when it can. */
  health(): Promise<string | undefined>;
  close(): Promise<void>;
}

const temporaryPrefix = 'storey-index-';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary index directories of Storeys that ended without removing their own (a
 * process killed outright cannot): each directory names its owner's pid.
 */
export async function removeAbandonedIndexDirectories(parent = tmpdir()): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(temporaryPrefix))) {
    const directory = path.join(parent, name);
    const owner = Number(await readFile(path.join(directory, 'owner.pid'), 'utf8').catch(() => ''));
    if (Number.isInteger(owner) && owner > 0 && !alive(owner))
      await rm(directory, { recursive: true, force: true });
  }
}

/**
 * An empty database cluster made by PGlite's initdb, kept in the temporary directory per PGlite
 * version and copied for each embedded index. initdb runs in a child process: in Storey's own it
 * took 4 s and left about 170 MB of resident memory that no collection returned.
 */
export async function embeddedTemplate(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  let packageDirectory = path.dirname(entry);
  while (!existsSync(path.join(packageDirectory, 'package.json')))
    packageDirectory = path.dirname(packageDirectory);
  const { version } = JSON.parse(
    await readFile(path.join(packageDirectory, 'package.json'), 'utf8'),
  ) as { version: string };
  const template = path.join(tmpdir(), `storey-pglite-template-${version}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  // Made aside and renamed into place, so nobody copies a half-made one; the building directory
  // names its owner like an index directory, so one left by a killed process is removed.
  const building = await mkdtemp(path.join(tmpdir(), temporaryPrefix));
  try {
    await writeFile(path.join(building, 'owner.pid'), String(process.pid));
    await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '--eval',
        'const { PGlite } = await import(process.argv[1]); await (await PGlite.create(process.argv[2])).close();',
        import.meta.resolve('@electric-sql/pglite'),
        path.join(building, 'data'),
      ],
      { env: { ...process.env, NODE_OPTIONS: '' } },
    );
    // Another Storey may have made it meanwhile: then its copy stands.
    await rename(path.join(building, 'data'), template).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return template;
}

/**
 * A full garbage collection, where node runs with --expose-gc (`npm start` and the image do).
 * Called after the two large, short-lived allocations of the index: PGlite's start (initdb runs
 * in a WebAssembly instance of its own, about 250 MB that V8 keeps until a full collection, which
 * a small heap may not need for hours) and a sync (the portfolio read into arrays).
 */
export function releaseTransientMemory(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Any 64-bit numbers of Storey's own: the advisory locks of the index sync and the refreshes. */
const syncLockKey = 0x5370_7265_7901n;
const conditionsLockKey = 0x5370_7265_7902n;
const energyLockKey = 0x5370_7265_7903n;

function postgresLock(connectionString: string, key: bigint): SyncLock {
  return {
    async tryRun(work) {
      const client = new pg.Client({ connectionString });
      // A lost connection ends the lock with it; the error must not take the process down.
      client.on('error', () => {});
      await client.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key.toString()],
        );
        if (!rows[0]?.locked) return false;
        await work();
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/** One process holds the embedded database, so a flag is the whole lock. */
function processLock(): SyncLock {
  let running = false;
  return {
    async tryRun(work) {
      if (running) return false;
      running = true;
      try {
        await work();
        return true;
      } finally {
        running = false;
      }
    },
  };
}

/** A database before its schema: its pool, health check, the rounds' locks and its own close. */
interface OpenedDatabase {
  pool: pg.Pool;
  health: () => Promise<string | undefined>;
  lock: SyncLock;
  conditionsLock: SyncLock;
  energyLock: SyncLock;
  closeEmbedded: () => Promise<void>;
}

/** A real PostgreSQL: a pool of eight, advisory locks, and a health check of its own. */
function openPostgres(url: string): OpenedDatabase {
  return {
    pool: new pg.Pool({ connectionString: url, max: 8 }),
    // Its own connection, so a pool busy with a sync does not make an instance look unready.
    health: async () => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 2000,
        query_timeout: 2000,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return undefined;
      } catch {
        return "the portfolio index's database cannot be reached";
      } finally {
        await client.end().catch(() => {});
      }
    },
    lock: postgresLock(url, syncLockKey),
    conditionsLock: postgresLock(url, conditionsLockKey),
    energyLock: postgresLock(url, energyLockKey),
    closeEmbedded: async () => {},
  };
}

/**
 * PGlite, on files on disk, not in memory: PGlite's in-memory file system would hold every table
 * and index in this process (about 1 GB more at 336,000 rooms). Without INDEX_DATA_DIR a
 * directory of this process's own, removed at close: two embedded Storeys never share one.
 */
async function openEmbedded(dataDirSetting: string | undefined): Promise<OpenedDatabase> {
  let own: string | undefined;
  if (!dataDirSetting) {
    await removeAbandonedIndexDirectories();
    own = await mkdtemp(path.join(tmpdir(), temporaryPrefix));
    await writeFile(path.join(own, 'owner.pid'), String(process.pid));
  }
  // The database in a folder of its own beside owner.pid, copied from the template unless it
  // holds a database already (INDEX_DATA_DIR kept from an earlier start).
  const dataDir = dataDirSetting ?? path.join(own!, 'data');
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    await cp(await embeddedTemplate(), dataDir, { recursive: true });
  // Loaded only for the embedded default: a deployment with DATABASE_URL never starts it.
  const { startEmbeddedDatabase } = await import('./embedded-database.ts');
  const embedded = await startEmbeddedDatabase(dataDir);
  return {
    pool: new pg.Pool(embedded.poolConfig),
    health: async () =>
      embedded.failure() ? "the portfolio index's embedded database has stopped" : undefined,
    lock: processLock(),
    conditionsLock: processLock(),
    energyLock: processLock(),
    closeEmbedded: async () => {
      await embedded.close();
      if (own) await rm(own, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the index's database and brings its schema up to date. With `url`, a real PostgreSQL;
 * without, PGlite (PostgreSQL compiled to WebAssembly: same SQL, no install, no service), in
 * `dataDir` or a temporary directory. Both are reached through node-postgres, so one driver and
 * one dialect serve both (decision 0010).
 */
export async function openIndexDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
}): Promise<IndexDatabase> {
  const opened = options.url ? openPostgres(options.url) : await openEmbedded(options.dataDir);
  const { pool, health, lock, conditionsLock, energyLock, closeEmbedded } = opened;
  pool.on('error', () => {});
  const db = new Kysely<IndexTables>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await closeEmbedded();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    kind: options.url ? 'postgres' : 'embedded',
    lock,
    conditionsLock,
    energyLock,
    health: () => health(),
    close,
  };
}

export async function migrateToLatest(db: Kysely<IndexTables>, target?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } =
    target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `The portfolio index's database could not be brought up to date${failed ? ` (migration ${failed.migrationName})` : ''}: ${(error as Error).message}`,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}
