import { describe, expect, it } from 'vitest';
import type { QualityScores, Rule } from '@/api/get-quality';
import type { Building } from '@/api/platform-schemas';
import {
  organizationOptions,
  portfolioCsvName,
  portfolioRows,
  portfolioViewState,
  qualityByBuilding,
  type PortfolioView,
} from '@/features/portfolio/utils/portfolio-model';

function building(id: string, fields: Partial<Building> = {}): Building {
  return {
    id,
    name: `Building ${id}`,
    referenceId: null,
    organizationId: 'org-a',
    organizationName: 'Alpha Estates',
    siteId: 'site-1',
    floorCount: 1,
    spaceCount: 1,
    deviceCount: 0,
    measurementCount: 0,
    includesDeviceAndMeasurementCounts: true,
    area: 100,
    metadata: [],
    ...fields,
  };
}

/** The URL's values as the route reads them: every key, null where absent. */
function url(values: Partial<PortfolioView['values']>): PortfolioView['values'] {
  return {
    q: null,
    org: null,
    site: null,
    sort: null,
    dir: null,
    selected: null,
    issues: null,
    ...values,
  };
}

function rule(id: string, severity: Rule['severity']): Rule {
  return { id, severity, title: id, explanation: '', fields: ['area'], deep: false };
}

describe("The portfolio screen's model", () => {
  it('reads the URL: an unknown sort column is no sort, any direction but "desc" is ascending', () => {
    expect(portfolioViewState(url({ sort: 'area', dir: 'desc', q: 'harbour' }))).toMatchObject({
      filter: { search: 'harbour', organizationId: '', siteId: '' },
      sortField: 'area',
      sortDirection: 'desc',
      issues: '',
    });
    expect(
      portfolioViewState(url({ sort: 'password', dir: 'sideways', issues: 'some' })),
    ).toMatchObject({ sortField: undefined, sortDirection: 'asc', issues: '' });
    expect(portfolioViewState(url({ issues: 'any', selected: 'b-2' }))).toMatchObject({
      issues: 'any',
      selectedId: 'b-2',
    });
  });

  it('offers each organization once, by name, by its id where it has none', () => {
    const buildings = [
      building('1', { organizationId: 'org-z', organizationName: 'Zeta' }),
      building('2', { organizationId: 'org-a', organizationName: 'Alpha' }),
      building('3', { organizationId: 'org-z', organizationName: 'Zeta' }),
      building('4', { organizationId: 'org-m', organizationName: null }),
    ];
    expect(organizationOptions(buildings)).toEqual([
      ['org-a', 'Alpha'],
      ['org-m', 'Organisation org-m'],
      ['org-z', 'Zeta'],
    ]);
  });

  it('marks a building serious only for an error or a warning, and keeps the rules it breaks', () => {
    const answer: QualityScores = {
      asOf: '2026-11-26T10:00:00.000Z',
      rules: [rule('no-area', 'error'), rule('odd-name', 'info'), rule('few-rooms', 'warning')],
      buildings: [
        { buildingId: 'b-1', score: 60, ruleIds: ['no-area', 'odd-name'] },
        { buildingId: 'b-2', score: 95, ruleIds: ['odd-name'] },
        { buildingId: 'b-3', score: 80, ruleIds: ['few-rooms', 'retired-rule'] },
      ],
    };
    const marks = qualityByBuilding(answer);
    expect(marks.get('b-1')).toMatchObject({ score: 60, serious: true });
    expect(marks.get('b-1')!.broken.map((broken) => broken.id)).toEqual(['no-area', 'odd-name']);
    expect(marks.get('b-2')).toMatchObject({ score: 95, serious: false });
    // A rule the answer no longer lists is left out, not invented.
    expect(marks.get('b-3')!.broken.map((broken) => broken.id)).toEqual(['few-rooms']);
    expect(marks.get('b-3')!.serious).toBe(true);
  });

  it("gives each row its site's name and its score, and sorts as asked (unscored last)", () => {
    const buildings = [
      building('1', { siteId: 's-1' }),
      building('2', { siteId: 's-9' }),
      building('3', { siteId: 's-1' }),
    ];
    const names = new Map([['s-1', 'Oslo Campus']]);
    const quality = new Map([
      ['1', { score: 70, serious: false, broken: [] }],
      ['3', { score: 90, serious: false, broken: [] }],
    ]);
    const rows = portfolioRows(buildings, names, quality, new Map(), {
      sortField: 'qualityScore',
      sortDirection: 'desc',
    });
    expect(rows.map((row) => [row.id, row.qualityScore])).toEqual([
      ['3', 90],
      ['1', 70],
      ['2', null],
    ]);
    expect(rows.find((row) => row.id === '1')!.siteName).toBe('Oslo Campus');
    expect(rows.find((row) => row.id === '2')!.siteName).not.toBe('');
    // Scores not there yet: every row unscored, in the listing's order.
    expect(
      portfolioRows(buildings, names, undefined, new Map(), {
        sortField: undefined,
        sortDirection: 'asc',
      }).map((row) => row.qualityScore),
    ).toEqual([null, null, null]);
  });

  it('names the export after the filters that made it', () => {
    expect(portfolioCsvName([undefined, undefined])).toBe('storey-buildings.csv');
    expect(portfolioCsvName(['Harbour', 'Nice Park', undefined, 'with-issues'])).toBe(
      'storey-buildings-Harbour-Nice-Park-with-issues.csv',
    );
  });
});
