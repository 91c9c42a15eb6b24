import { describe, expect, it } from 'vitest';
import type { Finding, QualitySummary } from '@/api/get-quality';
import {
  findingRows,
  findingsCsv,
  placesPerRule,
  qualityCsvName,
  qualityScopeName,
  qualityViewState,
  type QualityView,
} from '@/features/quality/utils/quality-model';

/** The URL's values as the route reads them: every key, null where absent. */
const url = (values: Partial<QualityView['values']>): QualityView['values'] => ({
  rule: null,
  severity: null,
  org: null,
  site: null,
  group: null,
  ...values,
});

function finding(fields: Partial<Finding>): Finding {
  return {
    ruleId: 'missing-area',
    severity: 'warning',
    buildingId: 'b1',
    buildingName: 'Harbour House',
    siteId: 's1',
    siteName: 'Harbour',
    organizationId: 'o1',
    organizationName: 'Alpha Estates',
    detail: null,
    levelPosition: null,
    levelName: null,
    levelId: null,
    rooms: null,
    ...fields,
  };
}

const rule = (
  id: string,
  places: number,
  fields: Partial<QualitySummary['rules'][number]> = {},
): QualitySummary['rules'][number] => ({
  id,
  severity: 'warning',
  title: `Rule ${id}`,
  explanation: `Why ${id} matters.`,
  fields: [],
  deep: false,
  findings: places,
  places,
  ...fields,
});

describe('the data quality screen, read from its URL', () => {
  it('shows the whole portfolio grouped by severity when the URL asks for nothing', () => {
    const state = qualityViewState(url({}));
    expect(state.group).toBe('severity');
    expect(state.scope).toEqual({});
    expect(state.findingsFilter).toEqual({});
  });

  it('scopes the figures by organization and site, and the list also by rule and severity', () => {
    const state = qualityViewState(
      url({ org: 'o1', site: 's1', rule: 'missing-area', severity: 'error', group: 'rule' }),
    );
    expect(state.scope).toEqual({ organization: 'o1', site: 's1' });
    expect(state.findingsFilter).toEqual({
      organization: 'o1',
      site: 's1',
      rule: 'missing-area',
      severity: 'error',
      group: 'rule',
    });
  });

  it('falls back to severity for a grouping it does not know', () => {
    expect(qualityViewState(url({ group: 'colour' })).group).toBe('severity');
  });
});

describe('what the figures say', () => {
  it('charts the rules that find something, most places first', () => {
    expect(placesPerRule([rule('a', 2), rule('b', 0), rule('c', 7)])).toEqual([
      { label: 'Rule c', value: 7 },
      { label: 'Rule a', value: 2 },
    ]);
  });

  it('names the scope by site, then organization, then the whole portfolio', () => {
    const sites = [{ id: 's1', name: 'Harbour' }];
    const organizations = [['o1', 'Alpha Estates']] as const;
    const scope = (org: string, site: string) =>
      qualityScopeName({ rule: '', severity: '', org, site }, sites, organizations);
    expect(scope('o1', 's1')).toBe('Harbour');
    expect(scope('', 's9')).toBe('Site s9');
    expect(scope('o1', '')).toBe('Alpha Estates');
    expect(scope('o9', '')).toBe('this organization');
    expect(scope('', '')).toBe('the whole portfolio');
  });
});

describe('the issues table', () => {
  const title = (ruleId: string) => `Rule ${ruleId}`;

  it('puts a heading where each group starts, with the count over the whole list', () => {
    const rows = findingRows(
      [
        finding({ severity: 'error', ruleId: 'a' }),
        finding({ severity: 'error', ruleId: 'b' }),
        finding({ severity: 'warning', ruleId: 'a' }),
      ],
      'severity',
      [
        { key: 'error', count: 12 },
        { key: 'warning', count: 40 },
      ],
      title,
    );
    expect(
      rows.map((row) => (row.kind === 'group' ? `${row.title} (${row.count})` : 'issue')),
    ).toEqual(['Errors (12)', 'issue', 'issue', 'Warnings (40)', 'issue']);
  });

  it("titles groups by rule, or by building with a site's own findings named as the site's", () => {
    expect(
      findingRows([finding({ ruleId: 'a' })], 'rule', [], title).find(
        (row) => row.kind === 'group',
      ),
    ).toEqual({ kind: 'group', key: 'a', title: 'Rule a', count: undefined });
    const byBuilding = findingRows(
      [finding({}), finding({ buildingId: null, buildingName: null })],
      'building',
      [{ key: 'site:s1', count: 1 }],
      title,
    ).filter((row) => row.kind === 'group');
    expect(byBuilding).toEqual([
      { kind: 'group', key: 'b1', title: 'Harbour House', count: undefined },
      { kind: 'group', key: 'site:s1', title: 'Harbour (the site)', count: 1 },
    ]);
  });

  it('exports every finding with its rule explained, for whoever maintains the data', () => {
    const csv = findingsCsv(
      [finding({ detail: 'Area is 0 m²' }), finding({ buildingId: null, buildingName: null })],
      [rule('missing-area', 2)],
    );
    expect(csv.header[0]).toBe('Rule');
    expect(csv.rows[0]).toEqual([
      'missing-area',
      'Warning',
      'Harbour House',
      'b1',
      'Harbour',
      'Alpha Estates',
      '',
      '',
      '',
      'Area is 0 m²',
      'Why missing-area matters.',
    ]);
    expect(csv.rows[1]!.slice(2, 4)).toEqual(['', '']);
  });

  it("names a floor finding's floor by name and id, and the rooms it is about", () => {
    const csv = findingsCsv(
      [
        finding({
          ruleId: 'room-name-duplicate',
          levelPosition: 2,
          levelName: 'Level 2',
          levelId: 'floor-7',
          rooms: [
            { id: 'space-1', name: 'Kitchen' },
            { id: 'space-2', name: 'kitchen ' },
            { id: null, name: 'Kitchen' },
          ],
        }),
      ],
      [rule('room-name-duplicate', 1)],
    );
    const column = (name: string) => csv.rows[0]![csv.header.indexOf(name)];
    expect(column('Floor')).toBe('Level 2');
    expect(column('Floor id')).toBe('floor-7');
    expect(column('Rooms')).toBe('Kitchen (space-1); kitchen (space-2); Kitchen');
    expect(qualityCsvName('')).toBe('storey-data-quality.csv');
    expect(qualityCsvName('missing-area')).toBe('storey-data-quality-missing-area.csv');
  });
});
