/**
 * Reads before writes on the embedded database's one connection (core/reads-first.ts): a
 * conditions round at 10,000 buildings writes for minutes, and a person's read queued behind its
 * writes waited out its deadline. The round now waits for the reads in flight before each write.
 */
import { describe, expect, it } from 'vitest';
import { createReadsFirst } from '../../server/portfolio-index/core/reads-first';
import { servedReads } from '../../server/portfolio-index/core/served';
import { handWrittenConditions, minute, start, value } from './support/hand-conditions';

/** A read the test ends by hand. */
function heldRead() {
  let end!: () => void;
  let fail!: () => void;
  const read = new Promise<void>((resolve, reject) => {
    end = resolve;
    fail = () => reject(new Error('the read failed'));
  });
  return { read, end, fail };
}

describe('reads first', () => {
  it('is idle at once without reads, and once every read in flight has ended, failed ones too', async () => {
    const readsFirst = createReadsFirst();
    await readsFirst.idle();
    const first = heldRead();
    const second = heldRead();
    void readsFirst.track(first.read);
    readsFirst.track(second.read).catch(() => undefined);
    const events: string[] = [];
    const idle = readsFirst.idle().then(() => events.push('idle'));
    first.end();
    await first.read;
    events.push('first ended');
    second.fail();
    await idle;
    expect(events).toEqual(['first ended', 'idle']);
  });
});

describe('a conditions round beside a read', () => {
  const context = handWrittenConditions();

  it('writes a building only once the reads in flight have ended', async () => {
    const readsFirst = createReadsFirst();
    const read = heldRead();
    void readsFirst.track(read.read);
    let atWrite!: () => void;
    const waitingToWrite = new Promise<void>((resolve) => (atWrite = resolve));
    context.time.now = start;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('t-a', 'room-a', 'Air_Temperature_Sensor', 22, start - minute, '°C')],
      },
    };
    const written = () =>
      context.database.db.selectFrom('condition_reading').select('measurement_id').execute();
    const round = context.round({
      readsFirst: {
        track: readsFirst.track,
        idle: () => {
          atWrite();
          return readsFirst.idle();
        },
      },
    });
    await waitingToWrite;
    // The platform was read; the building waits for the person's read.
    expect(context.asked.length).toBeGreaterThan(0);
    expect(await written()).toEqual([]);
    read.end();
    expect(await round).toMatchObject({ buildingsChecked: 1 });
    expect(await written()).toEqual([{ measurement_id: 't-a' }]);
  });
});

describe("the served index's reads", () => {
  const context = handWrittenConditions();

  it('are counted until the database is done with them, also past their deadline', async () => {
    await context.database.db
      .updateTable('index_run')
      .set({ finished_at: new Date(start) })
      .execute();
    const readsFirst = createReadsFirst();
    // A deadline of 1 ms: the person hears it was late, the round still waits for the read.
    const read = servedReads(context.database, 1, undefined, readsFirst);
    const held = heldRead();
    let inside!: () => void;
    const reading = new Promise<void>((resolve) => (inside = resolve));
    const answer = read({}, async () => {
      inside();
      await held.read;
      return { rooms: 0 };
    });
    // Its deadline may pass before the read begins (a busy machine): expected from the start, so
    // that rejection is never one nobody handles.
    const late = expect(answer).rejects.toThrow(/took too long/);
    await reading;
    await late;
    let idled = false;
    const idle = readsFirst.idle().then(() => (idled = true));
    // Every callback queued so far has run: an idle that did not wait would have by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(idled).toBe(false);
    held.end();
    await idle;
    expect(idled).toBe(true);
  });
});
