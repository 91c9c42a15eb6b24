import type { GrantRow } from '../../src/shared/contracts/access.ts';
import type { ScopeReads } from './access-gate.ts';
import { accessOf, type AccessPolicy } from './person-access.ts';
import type { Grant } from './scopes-file.ts';

/**
 * Grants as the Access page lists them: with the names of their places (read unscoped: an
 * administrator sees everything) and whether each is kept in the table (editable) or the file.
 */
export const grantRows = async (
  reads: ScopeReads | undefined,
  policy: AccessPolicy,
  grants: readonly Grant[],
): Promise<GrantRow[]> => {
  const editable = new Map(
    ((await reads?.grants()) ?? []).map((grant) => [
      `${grant.group}\u0000${grant.kind}\u0000${grant.id ?? ''}`,
      grant.grantId,
    ]),
  );
  const ids = (kind: Grant['kind']) =>
    grants.filter((grant) => grant.kind === kind).map((grant) => grant.id!);
  // An administrator sees everything: the names come unscoped.
  const names = await reads?.names(
    { access: accessOf({ ...policy, enabled: false }, { sub: '', groups: [] }) },
    { organizations: ids('organization'), sites: ids('site'), buildings: ids('building') },
  );
  const nameOf = (grant: Grant) =>
    grant.kind === 'organization'
      ? names?.organizations.get(grant.id!)
      : grant.kind === 'site'
        ? names?.sites.get(grant.id!)
        : grant.kind === 'building'
          ? names?.buildings.get(grant.id!)
          : null;
  return grants.map((grant) => {
    const grantId = editable.get(`${grant.group}\u0000${grant.kind}\u0000${grant.id ?? ''}`);
    return {
      ...grant,
      name: nameOf(grant) ?? null,
      source: grantId === undefined ? ('file' as const) : ('table' as const),
      grantId: grantId ?? null,
    };
  });
};
