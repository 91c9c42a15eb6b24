/**
 * A small seeded PRNG (mulberry32) so that a portfolio is the same for the same seed on every
 * machine. Math.random cannot be seeded, and a dependency for 15 lines is not worth it.
 */
export interface Random {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  guid(): string;
}

export function hashSeed(seed: string): number {
  let hash = 2166136261;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export function createRandom(seed: string | number): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number): string => {
    let out = '';
    for (let index = 0; index < length; index++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    // Joined, not concatenated: `a + b` of 13 characters or more makes a tree of cons strings
    // (about 400 bytes for one id), join() one flat string; a large portfolio keeps 380,000 ids.
    guid: () =>
      [
        hex(8),
        '-',
        hex(4),
        '-4',
        hex(3),
        '-',
        (8 + int(0, 3)).toString(16),
        hex(3),
        '-',
        hex(12),
      ].join(''),
  };
}
