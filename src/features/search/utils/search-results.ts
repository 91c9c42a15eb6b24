import type { Building, Site } from '@/api/platform-schemas';
import { paths } from '@/config/paths';
import { displayName, groupKey, organizationLabel, siteLabel } from '@/lib/format';
import { fold, matchRange } from '@/shared/rules/text-match';
import { distinctName, nameDistinction } from '@/shared/rules/same-names';
import { indexLinkState, type IndexLinkState } from '@/lib/index-link';
import type { IndexHit } from '../api/search-index';

export const resultKinds = ['building', 'room', 'floor', 'site', 'organization', 'city'] as const;
export type ResultKind = (typeof resultKinds)[number];

export const kindLabels: Record<ResultKind, string> = {
  building: 'Buildings',
  room: 'Rooms',
  floor: 'Floors',
  site: 'Sites',
  organization: 'Organizations',
  city: 'Cities',
};

export interface SearchResult {
  kind: ResultKind;
  /** Unique among results (kind and id). */
  key: string;
  label: string;
  /** Where it is: Site › Building › Floor (without the result itself). */
  path: string[];
  to: string;
  /** For buildings: the id, so a result can be picked for comparison. */
  buildingId?: string;
  /** Set for results from the portfolio index: the router state its link carries. */
  linkState?: IndexLinkState;
}

export interface SearchSources {
  buildings: readonly Building[];
  sites: readonly Site[];
  /**
   * Buildings, floors and rooms from the portfolio index, already ranked by the server (every
   * word of the query matched across the hierarchy); undefined until the index has served its
   * first sync, when buildings are matched from the listings.
   */
  indexHits?: readonly IndexHit[] | undefined;
  /** When the index that answered was made. */
  indexAsOf?: string | undefined;
}

/** Starts-with before contains, then alphabetical: "2.09" before "12.09". */
function rank(results: SearchResult[], q: string): SearchResult[] {
  const needle = fold(q.trim());
  return results.sort((a, b) => {
    const aStarts = fold(a.label).startsWith(needle) ? 0 : 1;
    const bStarts = fold(b.label).startsWith(needle) ? 0 : 1;
    return aStarts - bStarts || a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
  });
}

export function buildSearchResults(q: string, sources: SearchSources): SearchResult[] {
  const needle = q.trim();
  if (needle.length === 0) return [];
  const found = (text: string | null | undefined) =>
    text !== null && text !== undefined && matchRange(text, needle) !== undefined;
  const sitesById = new Map(sources.sites.map((site) => [site.id, site]));
  const buildingsById = new Map(sources.buildings.map((building) => [building.id, building]));
  const siteOf = (siteId: string | null) =>
    siteLabel(siteId, siteId === null ? null : sitesById.get(siteId)?.name);

  const results: SearchResult[] = [];
  const linkState = sources.indexAsOf ? indexLinkState(sources.indexAsOf) : undefined;
  const ranked = (sources.indexHits ?? []).map((hit, position) => ({
    ...indexResult(hit, siteOf, buildingsById, position),
    ...(linkState ? { linkState } : {}),
  }));
  for (const building of sources.indexHits ? [] : sources.buildings) {
    if (found(building.name) || found(building.referenceId)) {
      results.push({
        kind: 'building',
        key: `building:${building.id}`,
        label: displayName(building.name),
        path: [siteOf(building.siteId), ...(building.referenceId ? [building.referenceId] : [])],
        to: paths.building(building.id),
        buildingId: building.id,
      });
    }
  }
  for (const site of sources.sites) {
    const label = siteLabel(site.id, site.name);
    if (found(label))
      results.push({
        kind: 'site',
        key: `site:${site.id}`,
        label,
        path: [site.city, site.country].filter((part): part is string => Boolean(part)),
        to: paths.portfolio({ site: site.id }),
      });
  }
  const organizations = new Map<string, string>();
  for (const building of sources.buildings)
    organizations.set(
      groupKey(building.organizationId),
      organizationLabel(building.organizationId, building.organizationName),
    );
  for (const [id, name] of organizations)
    if (found(name))
      results.push({
        kind: 'organization',
        key: `organization:${id}`,
        label: name,
        path: [],
        to: paths.portfolio({ org: id }),
      });
  const cities = new Map<string, string[]>();
  for (const site of sources.sites)
    if (site.city)
      cities.set(site.city, [...(cities.get(site.city) ?? []), siteLabel(site.id, site.name)]);
  for (const [city, siteLabels] of cities)
    if (found(city))
      results.push({
        kind: 'city',
        key: `city:${city}`,
        label: city,
        path: [`${siteLabels.length} site${siteLabels.length === 1 ? '' : 's'}`],
        to: paths.sites(),
      });
  // Buildings, sites, organizations and cities as text-match.ts matches them.
  return [
    ...ranked,
    ...rank(
      results.filter((result) => found(result.label) || result.kind === 'building'),
      needle,
    ),
  ];
}

/** A hit of the index as a result: a room without an id (spec-only platform) links to its floor. */
function indexResult(
  hit: IndexHit,
  siteOf: (siteId: string | null) => string,
  buildingsById: ReadonlyMap<string, Building>,
  /** Its place in the answer: rooms without ids may share a name on a floor. */
  position: number,
): SearchResult {
  const building = buildingsById.get(hit.buildingId);
  const where = [...(building ? [siteOf(building.siteId)] : []), displayName(hit.buildingName)];
  const level = hit.levelId ?? hit.levelPosition;
  if (hit.kind === 'building') {
    // Two "St. Mary's Clinic" told apart as the portfolio and Energy tell them: by reference, or
    // "2 of 2"; a reference in the name is not repeated in the path.
    const distinction = nameDistinction(hit.referenceId, hit.sameName ?? undefined);
    const reference = building?.referenceId ?? hit.referenceId;
    return {
      kind: 'building',
      key: `building:${hit.buildingId}`,
      label: distinctName(displayName(hit.name), hit.referenceId, hit.sameName ?? undefined),
      path: where.slice(0, -1).concat(reference && reference !== distinction ? [reference] : []),
      to: paths.building(hit.buildingId),
      buildingId: hit.buildingId,
    };
  }
  if (hit.kind === 'level')
    return {
      kind: 'floor',
      key: `floor:${hit.buildingId}:${String(level)}`,
      label: displayName(hit.name),
      path: where,
      to: level === null ? paths.building(hit.buildingId) : paths.level(hit.buildingId, level),
    };
  return {
    kind: 'room',
    key: `room:${hit.buildingId}:${String(level)}:${hit.id ?? `#${position}`}`,
    // "Meeting room (1 of 2)", as its floor's page numbers it.
    label: distinctName(displayName(hit.name), null, hit.sameName ?? undefined),
    path: [...where, displayName(hit.levelName)],
    to:
      level === null
        ? paths.building(hit.buildingId)
        : hit.id
          ? paths.room(hit.buildingId, level, hit.id)
          : paths.level(hit.buildingId, level),
  };
}

export function countByKind(results: readonly SearchResult[]): Record<ResultKind, number> {
  const counts = Object.fromEntries(resultKinds.map((kind) => [kind, 0])) as Record<
    ResultKind,
    number
  >;
  for (const result of results) counts[result.kind] += 1;
  return counts;
}
