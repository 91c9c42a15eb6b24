/** A stop that overruns says what it still waits for (server.ts prints it before exiting 1). */
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { createClosingSteps } from '../../server/http/closing-steps';

it('names each close step while it runs, and forgets it once done', async () => {
  const app = Fastify();
  const closing = createClosingSteps(app, () => 1_000);
  let finishIndex!: () => void;
  const indexClosed = new Promise<void>((resolve) => (finishIndex = resolve));
  closing.add('the platform connections', async () => {});
  closing.add('the portfolio index', () => indexClosed);
  await app.ready();
  expect(closing.pending()).toEqual([]);
  const closed = app.close();
  // Hooks run in reverse order: the index first, and it is what the stop waits for.
  await expect.poll(() => closing.pending()).toEqual(['the portfolio index (0 ms)']);
  finishIndex();
  await closed;
  expect(closing.pending()).toEqual([]);
});

it('closes what the app still uses while it closes only after the app', async () => {
  const app = Fastify();
  const closing = createClosingSteps(app);
  const order: string[] = [];
  closing.add('the alarm notifications', async () => {
    order.push('notifier');
  });
  // Added last and after the app: as the embedded platform (server.ts).
  closing.addAfterApp('the embedded platform', async () => {
    order.push('embedded platform');
  });
  closing.add('the portfolio index', async () => {
    order.push('index');
  });
  await app.ready();
  await closing.closeApp();
  expect(order).toEqual(['index', 'notifier', 'embedded platform']);
  expect(closing.pending()).toEqual([]);
});
