import papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Totals } from '@/api/get-totals';
import { toCsv } from '@/lib/csv';
import {
  sitesViewState,
  sortChange,
  totalsCsvName,
  totalsCsvTable,
  viewTotals,
  type SitesView,
} from '@/features/sites/utils/totals-view';

/** Three sites of two organizations, their sums and shares as the server gives them. */
const totals: Totals = (() => {
  const row = (
    id: string,
    name: string | null,
    organization: string,
    area: number,
    floors: number,
  ) => ({
    id,
    name,
    organization: { id: `org-${organization}`, name: organization },
    buildings: 1,
    area,
    floors,
    spaces: floors * 10,
    devices: floors,
    measurements: floors * 3,
    countsMissing: 0,
    areaMissing: 0,
    floorsMissing: 0,
    spacesMissing: 0,
    share: {
      buildings: 1 / 3,
      area: area / 4000,
      floors: floors / 20,
      spaces: floors / 20,
      devices: floors / 20,
      measurements: floors / 20,
    },
  });
  return {
    asOf: '2026-11-26T08:00:00.000Z',
    total: {
      buildings: 3,
      area: 4000,
      floors: 20,
      spaces: 200,
      devices: 20,
      measurements: 60,
      countsMissing: 0,
      areaMissing: 0,
      floorsMissing: 0,
      spacesMissing: 0,
    },
    rows: [
      row('s1', 'Łódź Office Park', 'Nordic Estates', 2500, 4),
      row('s2', 'Harbour Quarter', 'Keystone Properties', 1000, 12),
      row('s3', null, 'Keystone Properties', 500, 4),
    ],
  };
})();

describe('the Sites table as a person asks for it', () => {
  it('filters by words that start a word of the name or the organization, accents ignored', () => {
    const names = (filter: string) =>
      viewTotals(totals, { by: 'site', filter, sort: 'area', descending: true }).rows.map(
        (row) => row.id,
      );
    expect(names('')).toEqual(['s1', 's2', 's3']);
    expect(names('lod off')).toEqual(['s1']);
    expect(names('keystone')).toEqual(['s2', 's3']);
    // A site without a name is found by the words it is shown with.
    expect(names('site s3')).toEqual(['s3']);
    // Inside a word is not the start of one.
    expect(names('ffice')).toEqual([]);
  });

  it('sorts by any column with the name breaking ties, and by organization', () => {
    const order = (sort: 'floors' | 'organization' | 'name', descending: boolean) =>
      viewTotals(totals, { by: 'site', filter: '', sort, descending }).rows.map((row) => row.id);
    // s1 and s3 have 4 floors each: the name ("Site s3" after "Łódź…") breaks the tie.
    expect(order('floors', false)).toEqual(['s1', 's3', 's2']);
    expect(order('organization', false)).toEqual(['s2', 's3', 's1']);
    // Letters with accents sort with their base letter: "Łódź" beside the L's.
    expect(order('name', false)).toEqual(['s2', 's1', 's3']);
  });

  it('adds up the rows a filter keeps, with their share of the whole portfolio', () => {
    const view = viewTotals(totals, {
      by: 'site',
      filter: 'keystone',
      sort: 'area',
      descending: true,
    });
    expect(view.shown.count).toBe(2);
    expect(view.shown.sums.area).toBe(1500);
    expect(view.shown.share.area).toBeCloseTo(0.375, 12);
    expect(view.shown.share.floors).toBeCloseTo(0.8, 12);
  });

  it('exports what is shown, in its order, then the shown and the whole totals', async () => {
    const view = viewTotals(totals, {
      by: 'site',
      filter: 'keystone',
      sort: 'name',
      descending: false,
    });
    const table = totalsCsvTable('site', totals, view);
    const [header, ...lines] = papa.parse<string[]>(await toCsv(table.fields, table.rows), {
      skipEmptyLines: true,
    }).data;
    expect(header!.slice(0, 4)).toEqual([
      'Site',
      'Organization',
      'Buildings',
      'Buildings share of portfolio',
    ]);
    expect(lines.map((line) => line[0])).toEqual([
      'Harbour Quarter',
      'Site s3',
      '2 of 3 sites shown',
      'All 3 sites',
    ]);
    expect(lines[0]![1]).toBe('Keystone Properties');
    const area = header!.indexOf('Area (m²)');
    expect(lines.map((line) => Number(line[area]))).toEqual([1000, 500, 1500, 4000]);
    expect(Number(lines[2]![area + 1])).toBeCloseTo(0.375, 12);
    // By organization there is no organization column.
    const byOrganization = totalsCsvTable(
      'organization',
      totals,
      viewTotals(totals, { by: 'organization', filter: '', sort: 'area', descending: true }),
    );
    expect(byOrganization.fields[1]).toBe('Buildings');
  });
});

describe('the Sites page read from its URL', () => {
  const url = (values: Partial<SitesView['values']>): SitesView['values'] => ({
    by: null,
    q: null,
    sort: null,
    dir: null,
    ...values,
  });

  it('shows sites by area, largest first, when the URL asks for nothing', () => {
    expect(sitesViewState(url({}))).toEqual({
      by: 'site',
      filter: '',
      sort: 'area',
      descending: true,
    });
  });

  it('sorts names A to Z by default, and keeps the direction the URL names', () => {
    expect(sitesViewState(url({ sort: 'name' })).descending).toBe(false);
    expect(sitesViewState(url({ sort: 'organization' })).descending).toBe(false);
    expect(sitesViewState(url({ sort: 'floors', dir: 'asc' })).descending).toBe(false);
  });

  it('falls back to area for a column the grouping does not have', () => {
    expect(sitesViewState(url({ sort: 'colour' })).sort).toBe('area');
    expect(sitesViewState(url({ by: 'organization', sort: 'organization' })).sort).toBe('area');
    expect(sitesViewState(url({ by: 'site', sort: 'organization' })).sort).toBe('organization');
  });

  it('turns a header click into the URL change: a new column, or the other way round', () => {
    expect(sortChange('floors', { sort: 'area', descending: true })).toEqual({
      sort: 'floors',
      dir: undefined,
    });
    expect(sortChange('floors', { sort: 'floors', descending: true })).toEqual({
      sort: 'floors',
      dir: 'asc',
    });
    expect(sortChange('area', { sort: 'area', descending: false })).toEqual({
      sort: undefined,
      dir: 'desc',
    });
  });

  it('names the CSV by the grouping and the filter', () => {
    expect(totalsCsvName('site', '')).toBe('storey-sites-all.csv');
    expect(totalsCsvName('organization', 'Alpha Estates')).toBe(
      'storey-organizations-Alpha-Estates.csv',
    );
  });
});
