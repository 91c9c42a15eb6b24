/**
 * The embedded database's own thread (embedded-database.ts starts it): PGlite, PostgreSQL compiled
 * to WebAssembly, runs its queries here, so a costly one never holds up Storey's event loop (the
 * third security review's H1: one person's index reads froze every route for everyone). It speaks
 * the PostgreSQL wire protocol: the main thread's node-postgres writes protocol messages (those of
 * one turn of its event loop posted together), this thread hands each post to PGlite and posts
 * back its answer, in order.
 *
 * Plain enough for Node to run from source (types are only erased) and compiled for the image.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export interface EmbeddedWorkerData {
  dataDir: string;
}

/** From the main thread: protocol bytes to run, or the end. */
export type ToWorker = { kind: 'exec'; id: number; bytes: Uint8Array } | { kind: 'close' };
/** To the main thread. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; bytes: Uint8Array }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'closed' };

const port = parentPort!;
const { dataDir } = workerData as EmbeddedWorkerData;

const lite = await PGlite.create(dataDir, {
  extensions: { unaccent },
  // The index's working set is small; PGlite's defaults are sized for a browser tab's app.
  postgresqlconf: ['shared_buffers=16MB', 'maintenance_work_mem=32MB'],
});

// One message after another: PGlite is one session, and the protocol is a conversation.
let queue: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  if (message.kind === 'close') {
    queue = queue.then(async () => {
      await lite.close();
      port.postMessage({ kind: 'closed' } satisfies FromWorker);
      port.close();
    });
    return;
  }
  queue = queue.then(async () => {
    try {
      // A copy of PGlite's answer, moved (not cloned) to the main thread: the answer itself may
      // be a view of the database's own memory, which must stay here.
      const bytes = (await lite.execProtocolRaw(message.bytes)).slice();
      port.postMessage({ kind: 'result', id: message.id, bytes } satisfies FromWorker, [
        bytes.buffer,
      ]);
    } catch (error) {
      port.postMessage({
        kind: 'failed',
        id: message.id,
        message: (error as Error).message,
      } satisfies FromWorker);
    }
  });
});

port.postMessage({ kind: 'ready' } satisfies FromWorker);
