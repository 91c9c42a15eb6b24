/**
 * A JSON array read as it arrives reads exactly what JSON.parse reads, however the text is cut
 * into pieces, and refuses what JSON.parse refuses (or what is not an array, or is cut short).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArrayScanner, jsonArrayBatches } from '@/lib/json-array-stream';

/** `text` cut at `cuts` (positions, any order), read piece by piece. */
function readInPieces(text: string, cuts: number[]): unknown[] {
  const scanner = new JsonArrayScanner();
  const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const items: unknown[] = [];
  let from = 0;
  for (const cut of [...at, text.length]) {
    items.push(...scanner.push(text.slice(from, cut)));
    from = cut;
  }
  scanner.end();
  return items;
}

const whatJsonParseSays = (text: string): { items: unknown[] } | 'refused' => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? { items: value } : 'refused';
  } catch {
    return 'refused';
  }
};

const whatTheScannerSays = (text: string, cuts: number[]): { items: unknown[] } | 'refused' => {
  try {
    return { items: readInPieces(text, cuts) };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return 'refused';
  }
};

const cuts = fc.array(fc.nat(), { maxLength: 12 });

describe('a JSON array read as it arrives', () => {
  it('reads every array as JSON.parse does, cut anywhere, with any spacing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 8 }),
        fc.constantFrom(0, 2),
        cuts,
        (array, indent, pieces) => {
          const text = `\n ${JSON.stringify(array, null, indent)} \n`;
          expect(whatTheScannerSays(text, pieces)).toEqual({ items: JSON.parse(text) });
        },
      ),
    );
  });

  it('reads strings holding brackets, commas, quotes and escapes as strings', () => {
    const text = JSON.stringify(['a,b', '[', ']', '{', '}', '"', '\\', '\\"]', 'é😀\u2028']);
    for (let cut = 0; cut <= text.length; cut++)
      expect(readInPieces(text, [cut])).toEqual(JSON.parse(text));
  });

  it('refuses what JSON.parse refuses, and what is not an array, cut anywhere', () => {
    const brokenOrNot = fc.oneof(
      // Arrays with one character dropped, doubled or swapped for a JSON punctuation mark.
      fc
        .tuple(
          fc.array(fc.jsonValue(), { maxLength: 6 }),
          fc.nat(),
          fc.constantFrom('', ',', ']', '}', '"', '[', '{', ':', 'x'),
        )
        .map(([array, at, insert]) => {
          const text = JSON.stringify(array);
          const where = at % (text.length + 1);
          return text.slice(0, where) + insert + text.slice(where + 1);
        }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    fc.assert(
      fc.property(brokenOrNot, cuts, (text, pieces) => {
        expect(whatTheScannerSays(text, pieces)).toEqual(whatJsonParseSays(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a comma with no element on one side, wherever the text is cut', () => {
    for (const text of ['[1,2, ]', '[ ,1]', '[1,,2]', '[,]', '[{"a":[1,]}]'])
      for (let cut = 0; cut <= text.length; cut++)
        expect(() => readInPieces(text, [cut]), `${text} cut at ${cut}`).toThrow(SyntaxError);
  });

  it('refuses an answer cut short, even where each element read so far was whole', () => {
    const scanner = new JsonArrayScanner();
    expect(scanner.push('[{"a":1},{"a":2},')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(() => scanner.end()).toThrow(SyntaxError);
  });

  it('reads a body stream in batches, across characters split between chunks', async () => {
    const text = JSON.stringify([{ name: 'Küche 2.09' }, { name: '😀' }, 3]);
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // One byte at a time: every multi-byte character is split.
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const batches: unknown[][] = [];
    for await (const batch of jsonArrayBatches(body)) batches.push(batch);
    expect(batches.flat()).toEqual(JSON.parse(text));
    expect(batches.length).toBe(3);
  });
});
