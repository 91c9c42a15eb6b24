import type { Building, Site } from '@/api/platform-schemas';
import { sumByGroup, type GroupSums } from '@/domain/group-sums';
import { groupKey, siteLabel } from '@/lib/format';

export interface SiteSummary extends GroupSums {
  place: string;
}

/** Sums come from the buildings the account sees, so they agree with the portfolio page. */
export function summarizeSites(
  sites: readonly Site[],
  buildings: readonly Building[],
): SiteSummary[] {
  const byId = new Map(sites.map((site) => [site.id, site]));
  return sumByGroup(
    buildings,
    (building) => groupKey(building.siteId),
    (id) => siteLabel(id, byId.get(id)?.name),
    sites.map((site) => site.id),
  )
    .map((sums) => {
      const site = byId.get(sums.id);
      return { ...sums, place: [site?.city, site?.country].filter(Boolean).join(', ') };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
