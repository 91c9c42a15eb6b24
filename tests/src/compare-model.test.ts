import { describe, expect, it } from 'vitest';
import type { BuildingEnergy } from '@/api/get-energy';
import {
  comparisonCsvName,
  comparisonNotes,
  indexedFigures,
  withoutBuilding,
} from '@/features/compare/utils/compare-model';
import type { Comparison } from '@/features/compare/utils/comparison';

const ranked = new Map([['b1', 84.2]]);

function energyOf(reason: NonNullable<BuildingEnergy['building']>['reason'], coveredDays = 0) {
  return {
    period: { kind: '30-days', days: 30, from: '2026-10-27', to: '2026-11-25' },
    building: { reason, coveredDays },
  } as unknown as BuildingEnergy;
}

describe("a compared building's energy intensity", () => {
  it('is the figure the index ranked it with', () => {
    const figures = indexedFigures({ data: ranked, isPending: false }, new Map());
    expect(figures.energyIntensity('b1')).toEqual({ ok: true, value: 84.2 });
  });

  it('says why it has none, in the words of its own energy answer', () => {
    const figures = indexedFigures(
      { data: ranked, isPending: false },
      new Map([
        ['b2', energyOf('partial', 12)],
        ['b3', energyOf('no-area')],
        ['b4', undefined],
      ]),
    );
    expect(figures.energyIntensity('b2')).toEqual({
      ok: false,
      reason: 'readings cover 12 of 30 days',
    });
    expect(figures.energyIntensity('b3')).toEqual({
      ok: false,
      reason: 'the platform has no floor area for it',
    });
    expect(figures.energyIntensity('b4')).toEqual({
      ok: false,
      reason: 'not ranked by the energy refresh yet',
    });
  });

  it('tells loading from a distribution that could not be loaded', () => {
    expect(indexedFigures({ isPending: true }, new Map()).energyIntensity('b1')).toEqual({
      ok: false,
      reason: 'loading the energy figures',
    });
    expect(indexedFigures({ isPending: false }, new Map()).energyIntensity('b1')).toEqual({
      ok: false,
      reason: 'the energy figures could not be loaded',
    });
  });
});

describe('what the link asked for', () => {
  it('notes unknown ids and buildings beyond the six compared', () => {
    expect(comparisonNotes({ unknownIds: [], extraIds: [] }, 6)).toEqual([]);
    expect(comparisonNotes({ unknownIds: ['x'], extraIds: ['g', 'h'] }, 6)).toEqual([
      '1 of the linked buildings is not in the portfolio (unknown id).',
      'Only the first 6 buildings are compared; 2 more were left out.',
    ]);
    expect(comparisonNotes({ unknownIds: ['x', 'y'], extraIds: ['g'] }, 6)).toEqual([
      '2 of the linked buildings are not in the portfolio (unknown id).',
      'Only the first 6 buildings are compared; 1 more was left out.',
    ]);
  });

  it('names the CSV by the letters shown, and removes one building from the link', () => {
    const compared = ['b1', 'b2', 'b3'].map((id, index) => ({
      building: { id },
      letter: 'ABC'[index],
    })) as unknown as Comparison['compared'];
    expect(comparisonCsvName(compared)).toBe('storey-compare-ABC-3-buildings.csv');
    expect(withoutBuilding(compared, 'b2')).toEqual(['b1', 'b3']);
  });
});
