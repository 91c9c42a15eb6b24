import type { Building } from '@/api/platform-schemas';
import type { Rule } from '@/api/get-quality';
import { histogram, topN } from '@/domain/chart-data';
import { measureAcross, measureById } from '@/domain/building-measures';
import { formatCompact, formatCount, groupKey, organizationLabel, siteLabel } from '@/lib/format';
import type { SameName } from '@/shared/rules/same-names';
import { buildingLabel, groupBuildings } from './portfolio-summary';

/** Bars a top-N chart draws; the rest are told in words. */
export const shownCategories = 10;

/**
 * What the portfolio's charts draw, from the buildings shown: the largest, the groups by
 * organization and site, and the distributions of area, floors and spaces per 1,000 m².
 */
export function portfolioChartData(
  buildings: readonly Building[],
  siteNames: ReadonlyMap<string, string>,
  twins: ReadonlyMap<string, SameName>,
  brokenRules: (buildingId: string) => ReadonlyArray<Pick<Rule, 'severity' | 'fields'>>,
) {
  // Charts of a figure draw the buildings that give it: an unknown area is no bar, not 0.
  const withArea = buildings.filter((b) => b.area !== null);
  const largest = topN(
    withArea,
    (b) => b.area ?? 0,
    (b) => buildingLabel(b, twins),
    shownCategories,
  );
  const organizations = groupBuildings(
    buildings,
    (b) => groupKey(b.organizationId),
    (id, first) => organizationLabel(first?.organizationId ?? id, first?.organizationName),
  );
  const sites = groupBuildings(
    buildings,
    (b) => groupKey(b.siteId),
    (id) => siteNames.get(id) ?? siteLabel(id),
  );
  // Spaces per 1,000 m² as the comparison computes it and with the same buildings left out:
  // one record of 0.4 m² a space must not draw a bar of its own on one screen and not the other.
  const { counted, withoutInputs, inDoubt } = measureAcross(
    measureById.get('spacesPer1000')!,
    buildings,
    brokenRules,
  );
  return {
    largest,
    byOrganization: topN(
      organizations,
      (group) => group.area,
      (group) => group.label,
      shownCategories,
    ),
    bySite: topN(
      sites,
      (group) => group.buildings,
      (group) => group.label,
      shownCategories,
    ),
    // Past ten sites a top ten of equal bars says nothing: how many sites hold how many.
    siteSizes:
      sites.length > shownCategories
        ? histogram(
            sites.map((group) => group.buildings),
            { integer: true, format: formatCount },
          )
        : undefined,
    area: histogram(
      withArea.map((building) => building.area ?? 0),
      { format: formatCompact },
    ),
    floors: histogram(
      buildings.flatMap((building) => (building.floorCount === null ? [] : [building.floorCount])),
      { integer: true, format: formatCount },
    ),
    density: histogram(
      counted.map((entry) => entry.value),
      { format: formatCompact },
    ),
    densityLeftOut: [
      withoutInputs > 0 ? `${formatCount(withoutInputs)} without the inputs` : undefined,
      inDoubt > 0 ? `${formatCount(inDoubt)} whose inputs have data errors or warnings` : undefined,
    ].filter((part): part is string => part !== undefined),
  };
}

export type PortfolioChartData = ReturnType<typeof portfolioChartData>;
