import { sql, type Kysely } from 'kysely';
import type { Grant } from '../../access/scopes-file.ts';
import { grantWords } from '../../access/grant-words.ts';
import type { Clock } from '../../clock.ts';
import { servedRun, type IndexReader, type ReadServed, type Served } from '../core/served.ts';
import type { IndexTables } from '../core/tables.ts';
import {
  buildingListing,
  buildingPlace,
  buildingPlaces,
  buildingsNamed,
  holdsPlace,
  namesOf,
  scopeCounts,
  siteListing,
  sitePlace,
  type PlaceKind,
} from './queries.ts';

/**
 * What access scopes read of the index (decision 0020). Every read takes the reader, whose
 * scope the database applies; undefined before the first sync.
 */
export interface AccessStore {
  holds(
    reader: IndexReader,
    kind: PlaceKind,
    id: string,
  ): Promise<Served<() => Promise<{ held: boolean }>>>;
  buildingsNamed(
    reader: IndexReader,
    name: string,
  ): Promise<Served<() => Promise<{ ids: string[] }>>>;
  sites(
    reader: IndexReader,
    page: { skip: number; take: number },
  ): Promise<Served<typeof siteListing>>;
  buildings(
    reader: IndexReader,
    page: { skip: number; take: number; siteId?: string | undefined },
  ): Promise<Served<typeof buildingListing>>;
  counts(reader: IndexReader): Promise<Served<typeof scopeCounts>>;
  names(
    reader: IndexReader,
    ids: {
      organizations: readonly string[];
      sites: readonly string[];
      buildings: readonly string[];
    },
  ): Promise<Served<typeof namesOf>>;
  /** One building's place, whoever may see it (the admins' "who can see this building"). */
  building(id: string): Promise<Awaited<ReturnType<typeof buildingPlace>>>;
  /** Many buildings' places at once (the notifier's recipients of a pass); unknown left out. */
  buildingsAt(ids: readonly string[]): Promise<Awaited<ReturnType<typeof buildingPlaces>>>;
  /** One site's place, whoever may see it (a silence over a whole site). */
  site(id: string): Promise<Awaited<ReturnType<typeof sitePlace>>>;
  /** Who signed in, with which groups: kept for the access pages. */
  recordPerson(person: {
    sub: string;
    name: string;
    email: string | undefined;
    groups: readonly string[];
  }): Promise<void>;
  people(): Promise<
    Array<{ sub: string; name: string | null; groups: string[]; lastSeenAt: string }>
  >;
  audit(entry: { actor: string; action: string; subject: string }): Promise<void>;
  /** The grants edited on the Access page, oldest first. */
  grants(): Promise<Array<Grant & { grantId: number }>>;
  /** Adds a grant and audits it; false when the group already has a role on that place. */
  addGrant(grant: Grant, actor: string): Promise<{ grantId: number } | 'exists'>;
  /** Removes a grant and audits it; false when there was none of that id. */
  removeGrant(grantId: number, actor: string): Promise<boolean>;
  auditList(
    limit: number,
  ): Promise<Array<{ at: string; actor: string; action: string; subject: string }>>;
}

export function createAccessStore({
  db,
  readServed,
  clock,
}: {
  db: Kysely<IndexTables>;
  readServed: ReadServed;
  clock: Clock;
}): AccessStore {
  return {
    ...scopedReads(readServed),
    ...placesForAnyone(db),
    ...peopleRecords(db, clock),
    ...grantRecords(db, clock),
  };
}

/** Reads under the reader's scope (the database applies it), of the served sync. */
function scopedReads(
  readServed: ReadServed,
): Pick<AccessStore, 'holds' | 'buildingsNamed' | 'sites' | 'buildings' | 'counts' | 'names'> {
  const countedScopes = new Map<string, Awaited<ReturnType<typeof scopeCounts>>>();
  return {
    holds: (reader, kind, id) =>
      readServed(reader, async (trx, runId) => ({
        held: await holdsPlace(trx, runId, kind, id),
      })),
    buildingsNamed: (reader, name) =>
      readServed(reader, async (trx, runId) => ({ ids: await buildingsNamed(trx, runId, name) })),
    sites: (reader, page) => readServed(reader, (trx, runId) => siteListing(trx, runId, page)),
    buildings: (reader, page) =>
      readServed(reader, (trx, runId) => buildingListing(trx, runId, page)),
    // A scope's counts are those of its run: counted once (every row under the policy), then
    // kept, since the status every screen asks for a minute would count them again each time.
    counts: (reader) =>
      readServed(reader, async (trx, runId) => {
        const key = `${reader.access?.key ?? 'all'}/${runId}`;
        const kept = countedScopes.get(key);
        if (kept) return kept;
        const counted = await scopeCounts(trx, runId);
        if (countedScopes.size >= 10_000) countedScopes.clear();
        countedScopes.set(key, counted);
        return counted;
      }),
    names: (reader, ids) => readServed(reader, (trx, runId) => namesOf(trx, runId, ids)),
  };
}

/** Places read whoever may see them: the administrators' checks, a silence, the notifier. */
function placesForAnyone(
  db: Kysely<IndexTables>,
): Pick<AccessStore, 'building' | 'buildingsAt' | 'site'> {
  return {
    async building(id) {
      const served = await servedRun(db);
      return served ? buildingPlace(db, served.runId, id) : undefined;
    },
    async buildingsAt(ids) {
      const served = await servedRun(db);
      return served ? buildingPlaces(db, served.runId, ids) : [];
    },
    async site(id) {
      const served = await servedRun(db);
      return served ? sitePlace(db, served.runId, id) : undefined;
    },
  };
}

/** Who signed in, and what was done to access: kept for the access pages. */
function peopleRecords(
  db: Kysely<IndexTables>,
  clock: Clock,
): Pick<AccessStore, 'recordPerson' | 'people' | 'audit' | 'auditList'> {
  return {
    async recordPerson(person) {
      const row = {
        sub: person.sub,
        name: person.name,
        email: person.email ?? null,
        groups: JSON.stringify(person.groups),
        last_seen_at: new Date(clock.now()),
      };
      await db
        .insertInto('person')
        .values(row)
        .onConflict((conflict) => conflict.column('sub').doUpdateSet(row))
        .execute();
    },
    async people() {
      const rows = await db
        .selectFrom('person')
        .selectAll()
        .orderBy('last_seen_at', 'desc')
        .limit(1000)
        .execute();
      return rows.map((row) => ({
        sub: row.sub,
        name: row.name,
        groups: row.groups,
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
      }));
    },
    async audit(entry) {
      await db
        .insertInto('access_audit')
        .values({ ...entry, at: new Date(clock.now()) })
        .execute();
    },
    async auditList(limit) {
      const rows = await db
        .selectFrom('access_audit')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        actor: row.actor,
        action: row.action,
        subject: row.subject,
      }));
    },
  };
}

/** The grants edited on the Access page, each change audited in the same transaction. */
function grantRecords(
  db: Kysely<IndexTables>,
  clock: Clock,
): Pick<AccessStore, 'grants' | 'addGrant' | 'removeGrant'> {
  return {
    async grants() {
      const rows = await db.selectFrom('scope_grant').selectAll().orderBy('id').execute();
      return rows.map((row) => ({
        grantId: row.id,
        group: row.grp,
        kind: row.node_kind,
        id: row.node_id,
        role: row.role,
      }));
    },
    async addGrant(grant, actor) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('scope_grant')
          .values({
            grp: grant.group,
            node_kind: grant.kind,
            node_id: grant.id,
            role: grant.role,
            created_by: actor,
            created_at: new Date(clock.now()),
          })
          .onConflict((conflict) =>
            conflict.expression(sql`grp, node_kind, coalesce(node_id, '')`).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return 'exists' as const;
        await trx
          .insertInto('access_audit')
          .values({
            at: new Date(clock.now()),
            actor,
            action: 'granted',
            subject: grantWords(grant),
          })
          .execute();
        return { grantId: inserted.id };
      });
    },
    async removeGrant(grantId, actor) {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('scope_grant')
          .where('id', '=', grantId)
          .returningAll()
          .executeTakeFirst();
        if (!removed) return false;
        await trx
          .insertInto('access_audit')
          .values({
            at: new Date(clock.now()),
            actor,
            action: 'revoked',
            subject: grantWords({
              group: removed.grp,
              kind: removed.node_kind,
              id: removed.node_id,
              role: removed.role,
            }),
          })
          .execute();
        return true;
      });
    },
  };
}
