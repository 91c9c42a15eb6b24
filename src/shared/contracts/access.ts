import { z } from '../zod.ts';

/**
 * Access scopes, as the BFF answers them and the dashboard reads them (decision 0020): who may
 * see which part of the portfolio, and why. Defined once; the server's tests parse its answers
 * with these schemas, so the two sides cannot drift apart.
 */

/** `viewer` reads; `operator` also acts (alarms); `admin` also manages grants and the index. */
export const roles = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof roles)[number];

const roleRank: Readonly<Record<Role, number>> = { viewer: 1, operator: 2, admin: 3 };

/** The higher of two roles (a person's groups may grant several). */
export const higherRole = (a: Role | null, b: Role | null): Role | null =>
  a === null ? b : b === null ? a : roleRank[a] >= roleRank[b] ? a : b;

/** Whether `held` allows what `needed` allows. */
export const roleAllows = (held: Role | null, needed: Role): boolean =>
  held !== null && roleRank[held] >= roleRank[needed];

/** What a grant is on: everything, or one organisation, site or building (by id). */
export const grantNodeKinds = ['all', 'organization', 'site', 'building'] as const;
export type GrantNodeKind = (typeof grantNodeKinds)[number];

/**
 * One answer for a place that is not there and for one that is not shared with the person: the
 * same status, words and reason, so an answer never tells which (no existence oracle).
 */
export const notShared = {
  status: 404,
  detail:
    'Not found, or not shared with you. Check the link, or ask whoever manages access to Storey to share it with you.',
  reason: 'not-found-or-not-shared',
} as const;

/** Why a sign-in was refused, in the words the sign-in screen shows (`?signInRefused=`). */
export const signInRefusals = {
  'too-many-groups':
    'Your directory sent Storey too many groups to list in the sign-in token, so Storey cannot tell what to show you. Ask your identity administrator to send Storey an app role or a filtered groups claim instead.',
  'not-allowed': 'Your account is not one of those allowed to use Storey.',
} as const;
export type SignInRefusal = keyof typeof signInRefusals;

const grantedPlace = z.object({
  id: z.string(),
  /** null where the index does not know it (yet): the id is shown. */
  name: z.nullable(z.string()),
  role: z.enum(roles),
  /** The person's groups this comes from. */
  via: z.array(z.string()),
});
export type GrantedPlace = z.infer<typeof grantedPlace>;

/** GET /api/me: who is signed in and what is shared with them. */
export const meAnswer = z.object({
  sub: z.nullable(z.string()),
  name: z.nullable(z.string()),
  /** `off`: no grants are configured, every signed-in person sees everything. */
  scopes: z.enum(['off', 'on']),
  /** Sees the whole portfolio. */
  all: z.boolean(),
  /** The groups that grant everything (empty when scopes are off). */
  allVia: z.array(z.string()),
  /** The person's highest role; null: nothing is shared with them. */
  role: z.nullable(z.enum(roles)),
  /** The person's groups, as the identity provider sent them at sign-in. */
  groups: z.array(z.string()),
  organizations: z.array(grantedPlace),
  sites: z.array(grantedPlace),
  buildings: z.array(grantedPlace),
  /** What the person sees in the served index; null before the first sync. */
  counts: z.nullable(
    z.object({ organizations: z.number(), sites: z.number(), buildings: z.number() }),
  ),
  /** Whom to ask for access (SCOPES_FILE `contact`); null when none is configured. */
  contact: z.nullable(z.string()),
});
export type MeAnswer = z.infer<typeof meAnswer>;

const grantRow = z.object({
  /** `file`: SCOPES_FILE's (changed in the file); `table`: kept on the Access page. */
  source: z.enum(['file', 'table']),
  /** The table grant's number (what removing it names); null for the file's. */
  grantId: z.nullable(z.number()),
  group: z.string(),
  kind: z.enum(grantNodeKinds),
  id: z.nullable(z.string()),
  /** The node's name in the served index; null when it does not know the id. */
  name: z.nullable(z.string()),
  role: z.enum(roles),
});
export type GrantRow = z.infer<typeof grantRow>;

/** GET /api/admin/access: every grant, whence they come, and the people seen signing in. */
export const accessOverview = z.object({
  scopes: z.enum(['off', 'on']),
  /** Where SCOPES_FILE is; null when scopes are off. */
  file: z.nullable(z.string()),
  claim: z.string(),
  grants: z.array(grantRow),
  people: z.array(
    z.object({
      sub: z.string(),
      name: z.nullable(z.string()),
      groups: z.array(z.string()),
      lastSeenAt: z.string(),
    }),
  ),
});
export type AccessOverview = z.infer<typeof accessOverview>;

/** GET /api/admin/access/buildings/:id: who can see one building, and through which grant. */
export const buildingAudience = z.object({
  building: z.object({ id: z.string(), name: z.nullable(z.string()) }),
  grants: z.array(grantRow),
  people: z.array(
    z.object({ sub: z.string(), name: z.nullable(z.string()), via: z.array(z.string()) }),
  ),
});

/** GET /api/admin/access/audit: grant changes and sessions ended, newest first. */
export const accessAudit = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      /** Whom or what it concerned, in words. */
      subject: z.string(),
    }),
  ),
});
export type AccessAudit = z.infer<typeof accessAudit>;
