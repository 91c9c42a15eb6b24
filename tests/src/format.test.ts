import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from '@/lib/format';

describe('counts in words', () => {
  it('puts the noun in the number the count needs: "1 room", never "1 rooms"', () => {
    expect(countOf(1, 'room')).toBe('1 room');
    expect(countOf(0, 'room')).toBe('0 rooms');
    expect(countOf(1200, 'room')).toBe(`${formatCount(1200)} rooms`);
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
