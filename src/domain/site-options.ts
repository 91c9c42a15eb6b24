import type { Building, Site } from '@/api/platform-schemas';
import { groupKey, siteLabel } from '@/shared/labels';

/**
 * The sites a Site filter offers: the same list, in the same order, on every screen that has one
 * (portfolio, Needs attention, data quality; walk P3-16). Every site of the portfolio (of the
 * chosen organization, where one is), a site without buildings included (data quality finds
 * it; elsewhere choosing it shows that nothing is there), and any site a building names that the
 * sites listing does not; by label.
 */
export function siteFilterOptions(
  sites: readonly Pick<Site, 'id' | 'name' | 'organizationId'>[] | undefined,
  options: {
    organizationId?: string | undefined;
    buildings?: readonly Pick<Building, 'siteId' | 'organizationId'>[] | undefined;
  } = {},
): Array<readonly [id: string, label: string]> {
  const { organizationId, buildings = [] } = options;
  const names = new Map((sites ?? []).map((site) => [site.id, site.name]));
  const labels = new Map<string, string>();
  for (const site of sites ?? [])
    if (!organizationId || groupKey(site.organizationId) === organizationId)
      labels.set(site.id, siteLabel(site.id, site.name));
  // A site is the organization's where its buildings are, also where the platform leaves the
  // site's own organization out (an optional field).
  for (const building of buildings) {
    const id = groupKey(building.siteId);
    if (labels.has(id)) continue;
    if (organizationId && groupKey(building.organizationId) !== organizationId) continue;
    labels.set(id, siteLabel(id, names.get(id)));
  }
  return [...labels].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}
