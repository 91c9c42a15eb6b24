import { describe, expect, it } from 'vitest';
import { histogram, niceStep, topN } from '@/domain/chart-data';

describe('chart data that holds from 1 to 10,000 buildings', () => {
  it('keeps the top N as bars and says what the rest add up to', () => {
    const items = Array.from({ length: 10_000 }, (_, index) => ({ id: index, area: index }));
    const top = topN(
      items,
      (item) => item.area,
      (item) => `#${item.id}`,
      10,
    );
    expect(top.bars.map((bar) => bar.value)).toEqual([
      9999, 9998, 9997, 9996, 9995, 9994, 9993, 9992, 9991, 9990,
    ]);
    expect(top.rest.count).toBe(9990);
    expect(top.rest.total).toBe((9989 * 9990) / 2);
    expect(topN(items.slice(0, 3), (item) => item.area, String, 10).rest).toEqual({
      count: 0,
      total: 0,
    });
  });

  it('chooses round steps', () => {
    expect(niceStep(100)).toBe(10);
    expect(niceStep(73)).toBe(10);
    expect(niceStep(30)).toBe(5);
    expect(niceStep(12_000)).toBe(2000);
    expect(niceStep(6, 10, true)).toBe(1);
  });

  it('bins every value once, the largest in the last bin, whole numbers for counts', () => {
    const floors = [0, 1, 1, 2, 3, 5, 8, 13, 21, 60];
    const bins = histogram(floors, { integer: true });
    expect(bins.reduce((sum, bin) => sum + bin.value, 0)).toBe(floors.length);
    expect(bins[0]!.label).toBe('0–9');
    expect(bins.at(-1)!.label).toBe('60–69');
    expect(bins.at(-1)!.value).toBe(1);
    expect(histogram([4, 4, 4], { integer: true }).map((bin) => [bin.label, bin.value])).toEqual([
      ['0', 0],
      ['1', 0],
      ['2', 0],
      ['3', 0],
      ['4', 3],
    ]);
    expect(histogram([])).toEqual([]);
  });

  it('puts a few far outliers into a last "or more" bin instead of squeezing everyone else', () => {
    const floors = [...Array.from({ length: 9_999 }, (_, index) => 2 + (index % 18)), 200];
    const bins = histogram(floors, { integer: true });
    expect(bins.at(-1)).toMatchObject({ label: expect.stringMatching(/or more$/), value: 1 });
    expect(bins.length).toBeLessThan(15);
    expect(bins.reduce((sum, bin) => sum + bin.value, 0)).toBe(10_000);
  });
});
