import {
  higherRole,
  type GrantedPlace,
  type MeAnswer,
  type Role,
} from '../../src/shared/contracts/access.ts';
import type { ScopeReads } from './access-gate.ts';
import type { AccessPolicy, PersonAccess } from './person-access.ts';
import type { Grant } from './scopes-file.ts';

/** What a person may see, and why: the grants behind each node, with the index's names. */
export async function describeAccess(
  who: { sub: string | null; name: string | null; groups: readonly string[] },
  access: PersonAccess,
  policy: AccessPolicy,
  reads: ScopeReads | undefined,
  reader: { signal?: AbortSignal; access: PersonAccess },
): Promise<MeAnswer> {
  const placesOf = (kind: Grant['kind'], names: Map<string, string | null> | undefined) => {
    const byId = new Map<string, GrantedPlace>();
    for (const grant of access.grants.filter((candidate) => candidate.kind === kind)) {
      const place = byId.get(grant.id!) ?? {
        id: grant.id!,
        name: names?.get(grant.id!) ?? null,
        role: grant.role,
        via: [],
      };
      place.role = higherRole(place.role, grant.role) as Role;
      if (!place.via.includes(grant.group)) place.via.push(grant.group);
      byId.set(grant.id!, place);
    }
    return [...byId.values()];
  };
  const [names, counts] = await Promise.all([reads?.names(reader, access), reads?.counts(reader)]);
  return {
    sub: who.sub,
    name: who.name,
    scopes: access.scopesOn ? 'on' : 'off',
    all: access.all,
    allVia: access.grants.filter((grant) => grant.kind === 'all').map((grant) => grant.group),
    role: access.role,
    groups: [...who.groups],
    organizations: placesOf('organization', names?.organizations),
    sites: placesOf('site', names?.sites),
    buildings: placesOf('building', names?.buildings),
    counts: counts
      ? { organizations: counts.organizations, sites: counts.sites, buildings: counts.buildings }
      : null,
    contact: policy.contact ?? null,
  };
}
