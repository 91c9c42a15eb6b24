import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { EmbeddedWorkerData, FromWorker, ToWorker } from './embedded-worker.ts';

/**
 * The embedded database (PGlite) in a thread of its own, reached through node-postgres as if it
 * were a server: Storey's event loop only passes protocol messages, so a costly index read or a
 * sync's statements never stop sign-in, `/healthz` or the relayed platform answers (the third
 * security review's H1). The worker is embedded-worker.ts.
 */
export interface EmbeddedDatabase {
  /** node-postgres settings that reach the worker (one session: PGlite has one). */
  poolConfig: pg.PoolConfig;
  /** Why the worker cannot serve any more (it ended or failed); undefined while it can. */
  failure(): Error | undefined;
  close(): Promise<void>;
}

/** The PostgreSQL Terminate message: a pooled client saying goodbye, not the database's end. */
const terminate = Buffer.from([0x58, 0, 0, 0, 4]);

/** The worker runs from source in development and tests (types erased by Node), compiled in the image. */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './embedded-worker.ts' : './embedded-worker.js',
  import.meta.url,
);

export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const worker = new Worker(workerFile, {
    workerData: { dataDir } satisfies EmbeddedWorkerData,
  });
  const pending = new Map<
    number,
    { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let failure: Error | undefined;
  let closed: (() => void) | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', function ready(message: FromWorker) {
      if (message.kind !== 'ready') return;
      worker.off('message', ready);
      worker.off('error', reject);
      resolve();
    });
  });
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'closed') return closed?.();
    if (message.kind === 'ready') return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.kind === 'result') waiting?.resolve(message.bytes);
    else waiting?.reject(new Error(`The embedded database failed: ${message.message}`));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) =>
    failAll(new Error(`The embedded database's thread ended (exit code ${code}).`)),
  );

  const exec = (bytes: Uint8Array) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ kind: 'exec', id, bytes } satisfies ToWorker);
    });

  return {
    poolConfig: {
      // What node-postgres would otherwise open as a socket: a stream to the worker.
      stream: () => new WorkerSocket(exec),
      // One session for the life of the process: PGlite has one, and a new start-up message
      // would begin it again.
      max: 1,
      idleTimeoutMillis: 0,
      user: 'postgres',
      database: 'postgres',
    },
    failure: () => failure,
    async close() {
      if (failure) return;
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ kind: 'close' } satisfies ToWorker);
      });
      await worker.terminate();
    },
  };
}

/**
 * A socket as node-postgres uses one: what it writes goes to the worker, and the worker's answer
 * is what it reads. node-postgres writes a query with parameters as five messages (parse, bind,
 * describe, execute, sync) one after another in one turn of the event loop; they go to the worker
 * together, as a socket would carry them, so a query costs one trip to the thread instead of five.
 * Answers keep their order: the worker runs what it is sent one after another.
 */
class WorkerSocket extends Duplex {
  readonly exec: (bytes: Uint8Array) => Promise<Uint8Array>;
  #unsent: Buffer[] = [];

  constructor(exec: (bytes: Uint8Array) => Promise<Uint8Array>) {
    super();
    this.exec = exec;
  }

  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (chunk.equals(terminate)) return done();
    this.#unsent.push(chunk);
    if (this.#unsent.length === 1) queueMicrotask(() => this.#send());
    done();
  }

  #send() {
    const bytes = Buffer.concat(this.#unsent);
    this.#unsent = [];
    this.exec(bytes).then(
      (answer) => {
        if (answer.length > 0)
          this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.length));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _read() {}

  override _final(done: (error?: Error | null) => void) {
    this.push(null);
    done();
  }
}
