/**
 * The BFF hands a burst's garbage back once it falls quiet (server/http/idle-collection.ts): one
 * collection after a busy period, none while it is busy, none when the heap did not grow, and none
 * where node cannot collect on request. Time is a tick the test moves by hand.
 */
import { describe, expect, it } from 'vitest';
import { startIdleCollection } from '../../server/http/idle-collection';

const megabyte = 1024 * 1024;

function harness(options: { collect?: boolean } = {}) {
  let sent = 0;
  let heap = 30 * megabyte;
  let tick: (() => void) | undefined;
  let stopped = false;
  const collections: number[] = [];
  const idle = startIdleCollection({
    responsesSent: () => sent,
    heapCommitted: () => heap,
    collect:
      options.collect === false
        ? undefined
        : () => {
            collections.push(heap);
            heap = 30 * megabyte; // what a collection leaves: the live part
          },
    every: (next) => {
      tick = next;
      return () => {
        stopped = true;
      };
    },
    growthBytes: 16 * megabyte,
  });
  return {
    ui: {
      /** Requests served during the next period, leaving garbage behind. */
      serve(requests: number, garbageMegabytes: number) {
        sent += requests;
        heap += garbageMegabytes * megabyte;
      },
      /** One period passes. */
      tick: () => tick?.(),
    },
    collections,
    stop: () => idle.stop(),
    stopped: () => stopped,
  };
}

describe('collecting when the BFF falls quiet', () => {
  it('collects once a whole period passes without a response after a burst', () => {
    const { ui, collections } = harness();
    ui.serve(5_000, 80);
    ui.tick(); // busy during this period
    expect(collections).toEqual([]);
    ui.tick(); // quiet for a whole period
    expect(collections).toEqual([110 * megabyte]);
    ui.tick();
    ui.tick(); // still quiet, nothing new to collect
    expect(collections).toHaveLength(1);
  });

  it('never collects while responses keep going out, however the heap grows', () => {
    const { ui, collections } = harness();
    for (let period = 0; period < 20; period++) {
      ui.serve(1_000, 40);
      ui.tick();
    }
    expect(collections).toEqual([]);
  });

  it('leaves a quiet BFF alone when the heap grew less than the threshold', () => {
    const { ui, collections } = harness();
    ui.serve(10, 2);
    ui.tick();
    ui.tick();
    expect(collections).toEqual([]);
    // The next burst is measured from the last collection, not from the start.
    ui.serve(3_000, 20);
    ui.tick();
    ui.tick();
    expect(collections).toHaveLength(1);
  });

  it('does nothing where node runs without --expose-gc, and stops with the BFF', () => {
    const withoutGc = harness({ collect: false });
    withoutGc.ui.serve(5_000, 80);
    withoutGc.ui.tick();
    withoutGc.ui.tick();
    expect(withoutGc.collections).toEqual([]);
    const running = harness();
    running.stop();
    expect(running.stopped()).toBe(true);
  });
});
