import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReadings, readingsSchema } from '@/features/history/api/get-history';

/**
 * History answers skip zod when a plain check accepts them (a tower floor's two weeks are 500,000
 * readings). The check must agree with the schema exactly: it accepts an answer if and only if the
 * schema accepts it and returns it unchanged; anything else goes to zod, to strip or explain.
 */
const text = fc.oneof(fc.string(), fc.constantFrom('', ' ', '17.6', '2026-11-26T10:00:00+00:00'));
const anyField = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(text, { maxLength: 2 }),
);
const reading = fc.record({ measurementValueId: text, value: text, timestamp: text });
const readingLike = fc.oneof(
  reading,
  // A field missing or of another type.
  fc.record(
    { measurementValueId: anyField, value: anyField, timestamp: anyField },
    { requiredKeys: [] },
  ),
  // One field more (undefined included: zod drops it).
  fc.tuple(reading, fc.string(), anyField).map(([base, key, value]) => ({ ...base, [key]: value })),
  fc.anything(),
);

describe('the check that spares zod on large history answers', () => {
  it('accepts exactly the answers the schema accepts and returns unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(readingLike, { maxLength: 5 }), fc.anything()), (body) => {
        const parsed = readingsSchema.safeParse(body);
        const unchanged = parsed.success && isDeepStrictEqual(parsed.data, body);
        expect(isReadings(body)).toBe(unchanged);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every answer shaped as the platform sends it', () => {
    fc.assert(
      fc.property(
        fc.array(
          // As JSON.parse makes them: plain objects.
          fc.record(
            {
              measurementValueId: fc.string({ minLength: 1 }),
              value: fc.string(),
              timestamp: fc.string(),
            },
            { noNullPrototype: true },
          ),
        ),
        (body) => {
          expect(isReadings(body)).toBe(true);
        },
      ),
    );
  });
});
