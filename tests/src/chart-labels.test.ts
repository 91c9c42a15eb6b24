import { describe, expect, it } from 'vitest';
import { labelLines } from '@/components/charts/chart-layout';

describe("a bar chart's category labels", () => {
  it('read whole in two lines, broken between words, where a rule title is longer than one', () => {
    for (const title of [
      'Rooms of the same name on a floor',
      'Space count disagrees with the rooms listed',
      'Devices on a building without floors or spaces',
    ]) {
      const lines = labelLines(title);
      expect(lines.join(' ')).toBe(title);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
    }
    expect(labelLines('Skyline Tower')).toEqual(['Skyline Tower']);
  });

  it('end in "…" only when two lines cannot hold the name, and never exceed their width', () => {
    const long = 'Société Immobilière d’Azur, Promenade des Anglais, Nice (headquarters)';
    const lines = labelLines(long);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
    expect(labelLines('x'.repeat(40))).toEqual([`${'x'.repeat(29)}…`]);
    expect(labelLines('')).toEqual(['']);
  });
});
