/**
 * The relay's compressor stage (server/http/relay.ts `toBrowser`): whatever feeds it — a platform
 * answer, a cached one, a history Storey assembles from day pages — waits once the compressor is
 * 4 MiB behind, and waits once. Before, only platform answers could wait, and every chunk that
 * arrived meanwhile added a 'drain' listener: the floor's week of history (20 MB through brotli)
 * piled up whole in the compressor, with Node warning of a listener leak.
 */
import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { toBrowser } from '../../server/http/relay';
import { createReaderQueues } from '../../server/platform/reader-queues';

const mebibyte = 1024 * 1024;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A compressor that works only when the test says so (it passes chunks on unchanged). */
function heldEncoder() {
  const pending: Array<() => void> = [];
  const encoder = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(() => done(null, chunk));
    },
  });
  return {
    encoder,
    /** Lets the compressor work until it has caught up with everything written to it. */
    async catchUp() {
      while (pending.length > 0) {
        pending.shift()!();
        await nextTurn();
      }
    },
  };
}

function readAll(stream: Readable) {
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  return once(stream, 'end').then(() => Buffer.concat(parts));
}

const chunks = Array.from({ length: 12 }, (_, index) => Buffer.alloc(mebibyte, index));

describe('the compressor stage', () => {
  it('makes an answer without hold/release wait for the compressor: its backlog stays bounded and nothing is lost', async () => {
    const source = new Readable({ read() {} });
    const { encoder, catchUp } = heldEncoder();
    const answer = toBrowser(source, encoder, createReaderQueues(1024 * mebibyte));
    const whole = readAll(answer);
    for (const chunk of chunks) source.push(chunk);
    source.push(null);
    await nextTurn();

    // 12 MiB were ready; the compressor took 4 MiB and the rest waits in the source.
    expect(encoder.writableLength).toBeLessThanOrEqual(5 * mebibyte);
    expect(source.isPaused()).toBe(true);
    expect(encoder.listenerCount('drain')).toBeLessThanOrEqual(1);

    while (!encoder.writableFinished) {
      await catchUp();
      await nextTurn();
    }
    expect((await whole).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('holds a platform answer once while the compressor is behind, and releases it once it caught up', async () => {
    const hold = vi.fn();
    const release = vi.fn();
    // hold() here pauses nothing, as undici may still hand over chunks already read.
    const source = Object.assign(new Readable({ read() {} }), { hold, release });
    const { encoder, catchUp } = heldEncoder();
    const whole = readAll(toBrowser(source, encoder, createReaderQueues(1024 * mebibyte)));
    for (const chunk of chunks) source.push(chunk);
    await nextTurn();

    expect(hold).toHaveBeenCalledTimes(1);
    expect(encoder.listenerCount('drain')).toBeLessThanOrEqual(1);
    expect(release).not.toHaveBeenCalled();
    await catchUp();
    expect(release).toHaveBeenCalledTimes(1);
    source.push(null);
    while (!encoder.writableFinished) {
      await catchUp();
      await nextTurn();
    }
    expect((await whole).equals(Buffer.concat(chunks))).toBe(true);
  });
});
