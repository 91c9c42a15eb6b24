import { describe, expect, it } from 'vitest';
import { siteFilterOptions } from '@/domain/site-options';

const site = (id: string, name: string | null, organizationId: string | null) => ({
  id,
  name,
  organizationId,
});

describe('the sites a Site filter offers (the same on every screen)', () => {
  const sites = [
    site('s-1', 'Oslo Campus', 'org-a'),
    site('s-2', 'Nice Park', 'org-a'),
    site('s-4', 'Oslo Annex', 'org-a'),
    site('s-5', 'Austin Park', 'org-b'),
  ];

  it('offers every site by name, one without buildings too', () => {
    expect(siteFilterOptions(sites)).toEqual([
      ['s-5', 'Austin Park'],
      ['s-2', 'Nice Park'],
      ['s-4', 'Oslo Annex'],
      ['s-1', 'Oslo Campus'],
    ]);
    // Whether its buildings are given or not: the list does not depend on the screen.
    expect(
      siteFilterOptions(sites, {
        buildings: [{ siteId: 's-1', organizationId: 'org-a' }],
      }),
    ).toEqual(siteFilterOptions(sites));
  });

  it("narrows to the chosen organization's sites, also where a site does not say its own", () => {
    const unsaid = [...sites, site('s-6', 'Zürich West', null)];
    expect(
      siteFilterOptions(unsaid, {
        organizationId: 'org-a',
        buildings: [{ siteId: 's-6', organizationId: 'org-a' }],
      }).map(([id]) => id),
    ).toEqual(['s-2', 's-4', 's-1', 's-6']);
  });

  it('offers a site a building names that the sites listing does not, under a label saying so', () => {
    expect(
      siteFilterOptions(sites, { buildings: [{ siteId: 's-9', organizationId: 'org-b' }] }),
    ).toContainEqual(['s-9', 'Site s-9']);
    expect(
      siteFilterOptions(undefined, { buildings: [{ siteId: null, organizationId: null }] }),
    ).toEqual([[expect.any(String), 'No site']]);
  });
});
