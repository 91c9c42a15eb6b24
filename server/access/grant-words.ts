import type { Grant } from './scopes-file.ts';

/** A grant in words, as the audit keeps it: "group fm-harbour: viewer of site 100020". */
export const grantWords = (grant: Grant): string =>
  `group ${grant.group}: ${grant.role} of ${grant.kind === 'all' ? 'everything' : `${grant.kind} ${grant.id}`}`;
