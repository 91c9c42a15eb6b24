import type { Clock } from '../clock.ts';
import type { AccessPolicy } from './person-access.ts';
import type { Grant } from './scopes-file.ts';

/** How long an instance keeps the grants it read: a change on another applies within this. */
export const grantsFreshMs = 2_000;

export interface TableGrants {
  grants(): Promise<Array<Grant & { grantId: number }>>;
}

export interface PolicySource {
  /** SCOPES_FILE's grants and the Access page's, as of at most `grantsFreshMs` ago. */
  current(): Promise<AccessPolicy>;
  /** The grants edited here changed: read them again at the next request. */
  changed(): void;
}

/**
 * The policy every request is judged by: the file's grants, fixed at start, and the table's,
 * read again when older than `grantsFreshMs` (one read shared by the requests that wait for it).
 * Every instance reads the same table, so a grant changed on one applies on all within that.
 * Where scopes are off, or the index (which keeps the table) is, the policy stands as given.
 */
export function createPolicySource(options: {
  base: AccessPolicy;
  table: TableGrants | undefined;
  clock: Clock;
}): PolicySource {
  const { base, table, clock } = options;
  if (!base.enabled || !table)
    return { current: () => Promise.resolve(base), changed: () => undefined };
  let read: { at: number; policy: Promise<AccessPolicy> } | undefined;
  const load = async (): Promise<AccessPolicy> => ({
    ...base,
    grants: [...base.grants, ...(await table.grants()).map(({ grantId: _id, ...grant }) => grant)],
  });
  return {
    current() {
      const now = clock.now();
      if (!read || now - read.at >= grantsFreshMs) {
        const policy = load();
        read = { at: now, policy };
        // A failed read is not kept: the next request tries again (and answers 503 meanwhile).
        policy.catch(() => {
          if (read?.policy === policy) read = undefined;
        });
      }
      return read.policy;
    },
    changed() {
      read = undefined;
    },
  };
}
