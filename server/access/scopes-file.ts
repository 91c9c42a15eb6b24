import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Node } from 'yaml';
import { z } from 'zod';
import { platformIdPattern, platformIdRule } from '../../src/shared/platform/fields.ts';
import { roles, type GrantNodeKind, type Role } from '../../src/shared/contracts/access.ts';

/**
 * SCOPES_FILE: which group of the identity provider may see which part of the portfolio
 * (decision 0020). YAML, validated at start: an unknown key, a duplicate grant or a malformed id
 * refuses the start with the line named, since a grant silently ignored is a person who sees too
 * much or too little.
 *
 *     claim: groups                 # where the groups are in the ID token (dotted: realm_access.roles)
 *     contact: facilities-it@example.com
 *     grants:
 *       - { group: storey-admins, all: true, role: admin }
 *       - { group: fm-contoso, organizations: [<id>, <id>], role: operator }
 *       - { group: harbour-fm, sites: [<id>], role: viewer }
 *       - { group: tenant-acme, buildings: [<id>], role: viewer }
 */

/** One group's role on one node; a file's entry with several ids is one grant per id. */
export interface Grant {
  group: string;
  kind: GrantNodeKind;
  /** null for `all`. */
  id: string | null;
  role: Role;
}

export interface ScopesSettings {
  /** Dotted path of the claim that holds the groups. */
  claim: string;
  contact: string | undefined;
  grants: Grant[];
}

const id = z.string().regex(platformIdPattern, platformIdRule);
const ids = z.array(id).min(1, 'must name at least one id').max(10_000);

const grantEntry = z
  .strictObject({
    group: z.string().trim().min(1, 'must not be empty').max(256),
    role: z.enum(roles),
    all: z.literal(true).optional(),
    organizations: ids.optional(),
    sites: ids.optional(),
    buildings: ids.optional(),
  })
  .superRefine((entry, context) => {
    const nodes = (['all', 'organizations', 'sites', 'buildings'] as const).filter(
      (key) => entry[key] !== undefined,
    );
    if (nodes.length !== 1)
      context.addIssue({
        code: 'custom',
        message: `must give exactly one of all, organizations, sites or buildings (it gives ${nodes.length === 0 ? 'none' : nodes.join(' and ')})`,
      });
  });

const scopesFileSchema = z.strictObject({
  claim: z
    .string()
    .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, 'must be a claim name, or names joined by "."')
    .default('groups'),
  contact: z.string().trim().min(1).max(200).optional(),
  grants: z.array(grantEntry).max(10_000),
});

const kindOfKey = {
  all: 'all',
  organizations: 'organization',
  sites: 'site',
  buildings: 'building',
} as const satisfies Record<string, GrantNodeKind>;

export class ScopesFileError extends Error {
  override name = 'ScopesFileError';
}

/** The line of the node at `path` in the document (1-based), or undefined. */
function lineAt(
  document: ReturnType<typeof parseDocument>,
  counter: LineCounter,
  path: ReadonlyArray<PropertyKey>,
): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = document.getIn(path.slice(0, depth) as unknown[], true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range)
      return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

/** Reads and checks a scopes file's text; `name` is how errors name it. */
export function parseScopesFile(text: string, name: string): ScopesSettings {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  if (document.errors.length > 0) {
    const [error] = document.errors;
    const line = error!.linePos?.[0]?.line;
    throw new ScopesFileError(
      `${name}${line ? `, line ${line}` : ''}: not readable YAML (${error!.message.split('\n')[0]}).`,
    );
  }
  const parsed = scopesFileSchema.safeParse(document.toJS() ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const line = lineAt(document, counter, issue.path);
      const where = issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      const unknownKeys =
        issue.code === 'unrecognized_keys' ? `: unknown key ${issue.keys.join(', ')}` : '';
      return `${name}${line ? `, line ${line}` : ''}${where}${unknownKeys || `: ${issue.message}`}`;
    });
    throw new ScopesFileError(problems.join('\n'));
  }
  const grants: Grant[] = [];
  const seen = new Map<string, number>();
  parsed.data.grants.forEach((entry, index) => {
    for (const key of ['all', 'organizations', 'sites', 'buildings'] as const) {
      const value = entry[key];
      if (value === undefined) continue;
      const nodeIds = value === true ? [null] : value;
      nodeIds.forEach((nodeId, position) => {
        const kind = kindOfKey[key];
        const identity = `${entry.group}\u0000${kind}\u0000${nodeId ?? ''}`;
        const line = lineAt(
          document,
          counter,
          nodeId === null ? ['grants', index] : ['grants', index, key, position],
        );
        const earlier = seen.get(identity);
        if (earlier !== undefined)
          throw new ScopesFileError(
            `${name}${line ? `, line ${line}` : ''}: group "${entry.group}" is granted ${kind === 'all' ? 'everything' : `${kind} ${nodeId}`} twice (first on line ${earlier}). Give each group one role per place.`,
          );
        seen.set(identity, line ?? 0);
        grants.push({ group: entry.group, kind, id: nodeId, role: entry.role });
      });
    }
  });
  return { claim: parsed.data.claim, contact: parsed.data.contact, grants };
}

/** SCOPES_FILE, read and checked at start. */
export function loadScopesFile(file: string): ScopesSettings {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScopesFileError(
      `SCOPES_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  return parseScopesFile(text, `SCOPES_FILE ${file}`);
}
