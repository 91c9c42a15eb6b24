import type { GrantRow, MeAnswer, Role } from '@/shared/contracts/access';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What the app bar says is shared: "3 organisations · 212 buildings". */
export function scopeSummary(me: MeAnswer): string {
  if (me.role === null) return 'Nothing shared with you';
  if (me.all)
    return me.counts
      ? `All ${count(me.counts.buildings, 'building', 'buildings')}`
      : 'The whole portfolio';
  if (!me.counts)
    return count(
      me.organizations.length + me.sites.length + me.buildings.length,
      'place shared',
      'places shared',
    );
  return `${count(me.counts.organizations, 'organisation', 'organisations')} · ${count(me.counts.buildings, 'building', 'buildings')}`;
}

/** What a role lets a person do, in a person's words. */
export const roleWords: Readonly<Record<Role, string>> = {
  viewer: 'Viewer: sees the figures',
  operator: 'Operator: sees the figures and handles alarms',
  admin: 'Administrator: also manages access and the portfolio index',
};

export const roleName: Readonly<Record<Role, string>> = {
  viewer: 'Viewer',
  operator: 'Operator',
  admin: 'Administrator',
};

const kindName: Readonly<Record<GrantRow['kind'], string>> = {
  all: 'Everything',
  organization: 'Organisation',
  site: 'Site',
  building: 'Building',
};

/** What a grant is on: "Everything", or the kind and the place's name (its id when unknown). */
export const grantPlace = (grant: Pick<GrantRow, 'kind' | 'id' | 'name'>): string =>
  grant.kind === 'all'
    ? kindName.all
    : `${kindName[grant.kind]} ${grant.name ?? `with id ${grant.id ?? '?'}`}`;

/** "group-a and group-b", for the groups a place is shared through. */
export const groupList = (groups: readonly string[]): string =>
  groups.length <= 1
    ? (groups[0] ?? '')
    : `${groups.slice(0, -1).join(', ')} and ${groups[groups.length - 1]!}`;
