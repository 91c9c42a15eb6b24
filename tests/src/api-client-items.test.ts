/**
 * A list read while it downloads (apiGetItems) hands over every item of a whole answer, in the
 * order sent, and refuses an answer cut short, broken or not a list, in the words the History
 * panel shows: never a shorter list as if it were all.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiGetItems } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { server } from './support/msw-server';

const itemsSchema = z.array(z.object({ n: z.number() }));
const path = '/api/items-under-test';

/** An answer whose body arrives in these pieces of text. */
const answerInPieces = (pieces: string[]) =>
  http.get(path, () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
  });

async function read(): Promise<{ batches: unknown[][] } | ApiError> {
  const batches: unknown[][] = [];
  try {
    await apiGetItems(path, itemsSchema, { onItems: (items) => batches.push(items) });
    return { batches };
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('a list read while it downloads', () => {
  it('hands over each piece of the list as it arrives, every item in order', async () => {
    server.use(answerInPieces(['[{"n":1},{"n":', '2},{"n":3}', ',{"n":4}]']));
    // An item is handed over once the comma or bracket after it has arrived.
    expect(await read()).toEqual({ batches: [[{ n: 1 }], [{ n: 2 }], [{ n: 3 }, { n: 4 }]] });
  });

  it('refuses a list cut short as unreadable, after the whole items before the cut', async () => {
    server.use(answerInPieces(['[{"n":1},{"n":2},{"n"']));
    expect(await read()).toMatchObject({
      title: 'Unreadable answer',
      detail: 'The answer was cut short or is not valid JSON.',
    });
  });

  it('refuses an answer that is not a list, or holds items Storey does not understand', async () => {
    server.use(answerInPieces(['{"n":1}']));
    expect(await read()).toMatchObject({ title: 'Unexpected data', detail: /a list was expected/ });
    server.use(answerInPieces(['[{"n":1},{"n":"two"}]']));
    expect(await read()).toMatchObject({ title: 'Unexpected data', detail: /does not understand/ });
  });

  it('passes the BFF’s problem on, as every read does', async () => {
    server.use(
      http.get(path, () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, detail: 'The range may span at most 90 days.' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    expect(await read()).toMatchObject({
      status: 400,
      detail: 'The range may span at most 90 days.',
    });
  });
});
