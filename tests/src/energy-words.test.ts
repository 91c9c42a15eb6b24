import { describe, expect, it } from 'vitest';
import type { Energy } from '@/api/get-energy';
import { coverageWords, emptyListTitle, periodWords } from '@/features/energy/utils/energy-words';

const coverage = (fields: Partial<Energy['coverage']>): Energy['coverage'] => ({
  buildings: 24,
  ranked: 24,
  out: {} as Energy['coverage']['out'],
  stoppedMeters: 0,
  stuckMeters: 0,
  ...fields,
});

describe('how the energy page says what its figures cover', () => {
  it('names the period by its whole days or months, read as UTC dates (never shifted a day)', () => {
    const days = periodWords({ kind: '30-days', days: 30, from: '2026-10-26', to: '2026-11-24' });
    expect(days).toMatch(/^The last 30 whole days, /);
    expect(days).toContain(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.parse('2026-10-26'),
      ),
    );
    const months = periodWords({
      kind: '12-months',
      days: 365,
      from: '2025-11-01',
      to: '2026-10-31',
    });
    expect(months).toMatch(/^The last 12 whole months, /);
    expect(months).toContain(
      new Intl.DateTimeFormat(undefined, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.parse('2026-10-31')),
    );
  });

  it('says how many buildings have a figure, and why each other has none', () => {
    expect(coverageWords(coverage({}))).toBe('24 of 24 buildings have a figure.');
    expect(
      coverageWords(
        coverage({
          ranked: 21,
          out: { 'no-meter': 2, 'no-area': 1, partial: 0 } as Energy['coverage']['out'],
        }),
      ),
    ).toBe(
      '21 of 24 buildings have a figure; 3 do not: 2 without a meter, 1 without a floor area.',
    );
  });

  it('says what an empty list means, by the list', () => {
    expect(emptyListTitle('ranked')).toBe('No building has a figure yet');
    expect(emptyListTitle('out')).toBe('Every building has a figure');
    expect(emptyListTitle('stopped')).toBe('Every meter is reporting and counting');
  });
});
