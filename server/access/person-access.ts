import { createHash } from 'node:crypto';
import { higherRole, type Role } from '../../src/shared/contracts/access.ts';
import type { Grant, ScopesSettings } from './scopes-file.ts';

/**
 * Who may see what (decision 0020). A grant gives a group a role on a node; a person's scope is
 * the union of their groups' grants. Worked out per request from the groups kept with the
 * session, so a change of grants applies on the next request, on every instance.
 */

export interface AccessPolicy {
  /** false: no SCOPES_FILE, every signed-in person sees everything (as before scopes). */
  enabled: boolean;
  claim: string;
  contact: string | undefined;
  grants: readonly Grant[];
  /**
   * Who administers Storey whatever their groups (INDEX_ADMINS: subjects or verified e-mail
   * addresses; `anonymous` where nobody signs in).
   */
  admins: readonly string[];
}

/** A person's effective access: everything, or the union of some organisations, sites and buildings. */
export interface PersonAccess {
  /** Whether grants decide at all (false: scopes are off). */
  scopesOn: boolean;
  /** Sees everything: no scope is applied to their reads. */
  all: boolean;
  /** Highest role; null: nothing is shared with them. */
  role: Role | null;
  /** The grants that match the person's groups (and their INDEX_ADMINS one). */
  grants: readonly Grant[];
  organizations: readonly string[];
  sites: readonly string[];
  buildings: readonly string[];
  /**
   * The scope's identity, the same for everyone with the same organisations, sites and buildings
   * (their answers may be shared); `all` for everything.
   */
  key: string;
}

export interface Person {
  sub: string;
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  groups: readonly string[];
}

/** Everyone, where scopes are off or nobody signs in. */
export const everything = (role: Role | null): PersonAccess => ({
  scopesOn: false,
  all: true,
  role,
  grants: [],
  organizations: [],
  sites: [],
  buildings: [],
  key: 'all',
});

/** Named in INDEX_ADMINS: by subject, or by an e-mail address the provider vouched for. */
export const isNamedAdmin = (policy: AccessPolicy, person: Omit<Person, 'groups'>): boolean =>
  policy.admins.includes(person.sub) ||
  (person.emailVerified === true &&
    person.email !== undefined &&
    policy.admins.includes(person.email.toLowerCase()));

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

export function accessOf(policy: AccessPolicy, person: Person): PersonAccess {
  const namedAdmin = isNamedAdmin(policy, person);
  if (!policy.enabled) return everything(namedAdmin ? 'admin' : 'viewer');
  const groups = new Set(person.groups);
  const grants = policy.grants.filter((grant) => groups.has(grant.group));
  if (namedAdmin) grants.push({ group: 'INDEX_ADMINS', kind: 'all', id: null, role: 'admin' });
  const role = grants.reduce<Role | null>(
    (highest, grant) => higherRole(highest, grant.role),
    null,
  );
  if (grants.some((grant) => grant.kind === 'all'))
    return { ...everything(role), scopesOn: true, grants };
  const ids = (kind: Grant['kind']) =>
    sorted(grants.filter((grant) => grant.kind === kind).map((grant) => grant.id!));
  const organizations = ids('organization');
  const sites = ids('site');
  const buildings = ids('building');
  const key = createHash('sha256')
    .update(JSON.stringify([organizations, sites, buildings]))
    .digest('base64url')
    .slice(0, 22);
  return { scopesOn: true, all: false, role, grants, organizations, sites, buildings, key };
}

/** The policy of a deployment: SCOPES_FILE's grants, or none (scopes off). */
export function accessPolicy(
  scopes: ScopesSettings | undefined,
  admins: readonly string[],
): AccessPolicy {
  return scopes
    ? { enabled: true, claim: scopes.claim, contact: scopes.contact, grants: scopes.grants, admins }
    : { enabled: false, claim: 'groups', contact: undefined, grants: [], admins };
}

/** A building's place: what grants on an organisation or site cover. */
export interface Place {
  id: string;
  site_id: string | null;
  organization_id: string | null;
}

/** The highest role a person holds on one building (scopes off: everyone signed in may act). */
export function roleAt(access: PersonAccess, place: Place): Role | null {
  if (!access.scopesOn) return higherRole(access.role, 'operator');
  return access.grants.reduce<Role | null>((highest, grant) => {
    const covers =
      grant.kind === 'all' ||
      (grant.kind === 'organization' && grant.id === place.organization_id) ||
      (grant.kind === 'site' && grant.id === place.site_id) ||
      (grant.kind === 'building' && grant.id === place.id);
    return covers ? higherRole(highest, grant.role) : highest;
  }, null);
}
