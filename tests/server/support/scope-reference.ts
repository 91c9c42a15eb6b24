import type { Grant } from '../../../server/access/scopes-file';
import type { Portfolio } from '../../../server/emulator/portfolio';

/**
 * What a person may see, worked out by the test from the emulator's own portfolio and the grants
 * (not from the index): the reference every answer is checked against.
 */

export type FactKind =
  'organization' | 'site' | 'building' | 'floor' | 'space' | 'device' | 'measurement';

export interface Fact {
  kind: FactKind;
  /** The building it is in (null for organisations and sites). */
  buildingId: string | null;
  siteId: string | null;
  organizationId: string | null;
}

export interface PortfolioFacts {
  byId: Map<string, Fact>;
  /** Names of organisations, sites and buildings, with the ids that carry each. */
  names: Map<string, { kind: FactKind; ids: string[] }[]>;
  /** Each building's site and organisation. */
  buildings: Array<{
    id: string;
    siteId: string | null;
    organizationId: string | null;
    name: string | null;
  }>;
  floorsOf(buildingId: string): Array<{ id: string; spaces: string[] }>;
  /** Devices by building, with their measurements. */
  devicesOf(buildingId: string): Array<{ id: string; spaceId: string; measurements: string[] }>;
}

export function portfolioFacts(portfolio: Portfolio): PortfolioFacts {
  const byId = new Map<string, Fact>();
  const names = new Map<string, { kind: FactKind; ids: string[] }[]>();
  const named = (name: string | null | undefined, kind: FactKind, id: string) => {
    if (!name) return;
    const list = names.get(name) ?? [];
    const entry = list.find((candidate) => candidate.kind === kind);
    if (entry) entry.ids.push(id);
    else list.push({ kind, ids: [id] });
    names.set(name, list);
  };
  for (const organization of portfolio.organizations) {
    byId.set(organization.id, {
      kind: 'organization',
      buildingId: null,
      siteId: null,
      organizationId: organization.id,
    });
    named(organization.name, 'organization', organization.id);
  }
  for (const site of portfolio.sites) {
    byId.set(site.id, {
      kind: 'site',
      buildingId: null,
      siteId: site.id,
      organizationId: site.organizationId,
    });
    named(site.name, 'site', site.id);
  }
  const floors = new Map<string, Array<{ id: string; spaces: string[] }>>();
  const devices = new Map<string, Array<{ id: string; spaceId: string; measurements: string[] }>>();
  for (const building of portfolio.buildings) {
    const record = building.record;
    const at = {
      buildingId: record.id,
      siteId: record.siteId,
      organizationId: record.organizationId,
    };
    byId.set(record.id, { kind: 'building', ...at });
    named(record.name, 'building', record.id);
    const buildingFloors: Array<{ id: string; spaces: string[] }> = [];
    const buildingDevices: Array<{ id: string; spaceId: string; measurements: string[] }> = [];
    for (const floor of portfolio.floorsOf(building)) {
      byId.set(floor.record.id, { kind: 'floor', ...at });
      buildingFloors.push({ id: floor.record.id, spaces: floor.spaces.map((space) => space.id) });
      for (const space of floor.spaces) byId.set(space.id, { kind: 'space', ...at });
      for (const device of portfolio.devicesOf(floor)) {
        byId.set(device.record.id, { kind: 'device', ...at });
        buildingDevices.push({
          id: device.record.id,
          spaceId: device.record.spaceId,
          measurements: device.record.measurements.map((measurement) => measurement.id),
        });
        for (const measurement of device.record.measurements)
          byId.set(measurement.id, { kind: 'measurement', ...at });
      }
    }
    floors.set(record.id, buildingFloors);
    devices.set(record.id, buildingDevices);
  }
  return {
    byId,
    names,
    buildings: portfolio.buildings.map((building) => ({
      id: building.record.id,
      siteId: building.record.siteId,
      organizationId: building.record.organizationId,
      name: building.record.name,
    })),
    floorsOf: (id) => floors.get(id) ?? [],
    devicesOf: (id) => devices.get(id) ?? [],
  };
}

export interface ReferenceScope {
  all: boolean;
  buildings: Set<string>;
  sites: Set<string>;
  organizations: Set<string>;
}

/** A person's scope from their groups and the grants, over the portfolio's facts. */
export function referenceScope(
  facts: PortfolioFacts,
  grants: readonly Grant[],
  groups: readonly string[],
): ReferenceScope {
  const mine = grants.filter((grant) => groups.includes(grant.group));
  const granted = (kind: Grant['kind']) =>
    new Set(mine.filter((grant) => grant.kind === kind).map((grant) => grant.id!));
  const all = mine.some((grant) => grant.kind === 'all');
  const organizations = granted('organization');
  const sites = granted('site');
  const buildingGrants = granted('building');
  const buildings = new Set(
    facts.buildings
      .filter(
        (building) =>
          all ||
          buildingGrants.has(building.id) ||
          (building.siteId !== null && sites.has(building.siteId)) ||
          (building.organizationId !== null && organizations.has(building.organizationId)),
      )
      .map((building) => building.id),
  );
  const visibleSites = new Set<string>();
  for (const [id, fact] of facts.byId) {
    if (fact.kind !== 'site') continue;
    if (all || sites.has(id) || (fact.organizationId && organizations.has(fact.organizationId)))
      visibleSites.add(id);
  }
  for (const id of buildings) {
    const siteId = facts.byId.get(id)!.siteId;
    if (siteId) visibleSites.add(siteId);
  }
  const visibleOrganizations = new Set<string>(organizations);
  for (const [id, fact] of facts.byId) {
    if (fact.kind === 'organization' && all) visibleOrganizations.add(id);
    if (
      (fact.kind === 'site' && visibleSites.has(id)) ||
      (fact.kind === 'building' && buildings.has(id))
    )
      if (fact.organizationId) visibleOrganizations.add(fact.organizationId);
  }
  return { all, buildings, sites: visibleSites, organizations: visibleOrganizations };
}

/** Every string in a JSON value (keys and values), without recursion limits mattering here. */
export function stringsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') into.add(next);
    else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next && typeof next === 'object')
      for (const [key, child] of Object.entries(next)) {
        into.add(key);
        pending.push(child);
      }
  }
  return into;
}

/**
 * The ids and names in an answer that lie outside the scope: ids of any kind whose building, site
 * or organisation is not in it; names of organisations, sites and buildings only out of scope (a
 * name that an in-scope place shares proves nothing).
 */
export function outOfScope(
  facts: PortfolioFacts,
  scope: ReferenceScope,
  strings: Iterable<string>,
): string[] {
  if (scope.all) return [];
  const visible = (kind: FactKind, id: string, fact: Fact) =>
    kind === 'organization'
      ? scope.organizations.has(id)
      : kind === 'site'
        ? scope.sites.has(id)
        : scope.buildings.has(fact.buildingId!);
  const offending: string[] = [];
  for (const text of strings) {
    const fact = facts.byId.get(text);
    if (fact && !visible(fact.kind, text, fact)) offending.push(`${fact.kind} ${text}`);
    const named = facts.names.get(text);
    if (
      named &&
      !named.some((entry) => entry.ids.some((id) => visible(entry.kind, id, facts.byId.get(id)!)))
    )
      offending.push(`name "${text}"`);
  }
  return offending;
}
