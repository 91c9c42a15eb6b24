/**
 * A person's groups, as their identity provider puts them in the ID token: read once at sign-in
 * and kept with the session on the server (never in the cookie: a person may have hundreds).
 */

/** More than this many groups, or a group longer than this, is not a group list Storey trusts. */
export const groupLimits = { count: 500, length: 256 } as const;

export type GroupsReading =
  | { kind: 'groups'; groups: string[] }
  /**
   * Entra ID leaves the groups out of a token when a person has too many (over 200), and says so
   * with `_claim_names.groups` or `hasgroups`: never "no groups", which would show them nothing
   * without saying why.
   */
  | { kind: 'overage' }
  /** Missing, not a list of text, or absurdly large: counted as no groups, and logged. */
  | { kind: 'unreadable'; why: string };

/** The value at a dotted path (`realm_access.roles`). */
function valueAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function readGroups(claims: Record<string, unknown>, claimPath: string): GroupsReading {
  const top = claimPath.split('.')[0]!;
  const claimNames = claims._claim_names;
  if (
    claims.hasgroups === true ||
    claims.hasgroups === 'true' ||
    (typeof claimNames === 'object' && claimNames !== null && Object.hasOwn(claimNames, top))
  )
    return { kind: 'overage' };
  const value = valueAt(claims, claimPath);
  if (value === undefined)
    return { kind: 'unreadable', why: `the token has no "${claimPath}" claim` };
  if (!Array.isArray(value)) return { kind: 'unreadable', why: `"${claimPath}" is not a list` };
  if (value.length > groupLimits.count)
    return {
      kind: 'unreadable',
      why: `"${claimPath}" lists ${value.length} groups (more than ${groupLimits.count})`,
    };
  if (!value.every((group) => typeof group === 'string'))
    return { kind: 'unreadable', why: `"${claimPath}" holds something other than text` };
  const groups = value as string[];
  if (groups.some((group) => group.length === 0 || group.length > groupLimits.length))
    return {
      kind: 'unreadable',
      why: `"${claimPath}" holds an empty group or one longer than ${groupLimits.length} characters`,
    };
  return { kind: 'groups', groups: [...new Set(groups)] };
}
