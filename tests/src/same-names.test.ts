import { describe, expect, it } from 'vitest';
import { distinctName, sameNames } from '@/shared/rules/same-names';

describe('Places of one name told apart', () => {
  const places = [
    { id: 'b', name: "St. Mary's Clinic" },
    { id: 'a', name: "St. Mary's Clinic" },
    { id: 'c', name: 'Harbour View' },
  ];
  const twins = sameNames(places);

  it('leaves a name alone when nothing else has it', () => {
    expect(distinctName('Harbour View', 'hv-1', twins.get('c'))).toBe('Harbour View');
  });

  it('names each of several by its reference, or by its place among them, by id', () => {
    expect(twins.get('a')).toEqual({ count: 2, position: 1 });
    expect(twins.get('b')).toEqual({ count: 2, position: 2 });
    expect(distinctName("St. Mary's Clinic", 'stmary-2', twins.get('b'))).toBe(
      "St. Mary's Clinic (stmary-2)",
    );
    expect(distinctName("St. Mary's Clinic", '  ', twins.get('b'))).toBe(
      "St. Mary's Clinic (2 of 2)",
    );
    expect(distinctName("St. Mary's Clinic", null, twins.get('a'))).toBe(
      "St. Mary's Clinic (1 of 2)",
    );
  });
});
