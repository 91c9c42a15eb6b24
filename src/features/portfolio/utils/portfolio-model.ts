import type { QualityScores, Rule } from '@/api/get-quality';
import type { Building } from '@/api/platform-schemas';
import { fileSlug } from '@/lib/csv';
import { groupKey, organizationLabel, siteLabel } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';
import { isSortField, sortRows, type BuildingRow, type SortDirection } from './building-columns';
import type { SameName } from '@/shared/rules/same-names';

/** Filters, sort and selection: the route keeps them in the URL (shareable, restored by Back). */
export const portfolioViewKeys = ['q', 'org', 'site', 'sort', 'dir', 'selected', 'issues'] as const;
export type PortfolioView = UrlView<(typeof portfolioViewKeys)[number]>;

/** What the URL says the person asked for, read once. */
export function portfolioViewState(values: PortfolioView['values']) {
  const sort = values.sort ?? '';
  const sortDirection: SortDirection = values.dir === 'desc' ? 'desc' : 'asc';
  return {
    filter: {
      search: values.q ?? '',
      organizationId: values.org ?? '',
      siteId: values.site ?? '',
    },
    sortField: isSortField(sort) ? sort : undefined,
    sortDirection,
    selectedId: values.selected ?? undefined,
    /** "any": only buildings that break an error or warning rule. */
    issues: values.issues === 'any' ? ('any' as const) : ('' as const),
  };
}
export type PortfolioViewState = ReturnType<typeof portfolioViewState>;

/** Every organization that has a building, by name. */
export function organizationOptions(
  buildings: readonly Building[],
): Array<readonly [id: string, label: string]> {
  const byId = new Map<string, string>();
  for (const building of buildings)
    byId.set(
      groupKey(building.organizationId),
      organizationLabel(building.organizationId, building.organizationName),
    );
  return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
}

/** A building's data quality as the index worked it out (the same on every screen). */
export interface BuildingQualityMark {
  score: number;
  /** Breaks an error or warning rule (not only an informational one). */
  serious: boolean;
  /** The rules it breaks: the comparison reads them to mark a measure whose inputs are in doubt. */
  broken: Rule[];
}

/** The index's scores by building: a `select` over `qualityScoresQueryOptions`. */
export function qualityByBuilding(answer: QualityScores): Map<string, BuildingQualityMark> {
  const serious = new Set(
    answer.rules.filter((rule) => rule.severity !== 'info').map((rule) => rule.id),
  );
  const rules = new Map(answer.rules.map((rule) => [rule.id, rule]));
  return new Map(
    answer.buildings.map((row) => [
      row.buildingId,
      {
        score: row.score,
        serious: row.ruleIds.some((id) => serious.has(id)),
        broken: row.ruleIds.map((id) => rules.get(id)).filter((rule) => rule !== undefined),
      },
    ]),
  );
}

/** The table's rows: the filtered buildings with their site's name and score, sorted as asked. */
export function portfolioRows(
  buildings: readonly Building[],
  names: ReadonlyMap<string, string>,
  quality: ReadonlyMap<string, BuildingQualityMark> | undefined,
  twins: ReadonlyMap<string, SameName>,
  state: Pick<PortfolioViewState, 'sortField' | 'sortDirection'>,
): BuildingRow[] {
  return sortRows(
    buildings.map((building) => ({
      ...building,
      siteName: names.get(groupKey(building.siteId)) ?? siteLabel(building.siteId),
      qualityScore: quality?.get(building.id)?.score ?? null,
      sameName: twins.get(building.id),
    })),
    state.sortField,
    state.sortDirection,
  );
}

/** "storey-buildings-harbour-nice-park.csv": the export says which filters made it. */
export function portfolioCsvName(parts: ReadonlyArray<string | undefined>): string {
  const named = parts.filter((part): part is string => Boolean(part)).map((part) => fileSlug(part));
  return `storey-buildings${named.length > 0 ? `-${named.join('-')}` : ''}.csv`;
}
