import { sql, type Kysely } from 'kysely';
import type { PersonAccess } from '../../access/person-access.ts';
import type { IndexDatabase } from '../core/database.ts';
import type { IndexTables } from '../core/tables.ts';

/**
 * A person's scope, made concrete in the database for the served run: the buildings, sites and
 * organisations it covers, in the scope tables the row-level security policies read (migration
 * 0011). Reads of a scoped person run as the reader role with the scope's key set for their
 * transaction alone (core/served.ts), so every table answers only the rows of their scope, and
 * every count, share, rank and score is worked out over them alone.
 */

/** The key the policies match: the scope and the run (a new run never reads an older one's rows). */
export const scopeKeyFor = (access: PersonAccess, runId: number) => `${access.key}/${runId}`;

export class ReaderRoleRefused extends Error {
  override name = 'ReaderRoleRefused';
}

/** The role names PostgreSQL takes unquoted: Storey quotes nothing it is given. */
export const readerRolePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Makes sure the reader role exists, may read the index's tables and is held to their policies.
 * On PostgreSQL a reader role that is a superuser or may bypass row-level security would read
 * everything: Storey refuses to start rather than serve scoped people through it.
 */
export async function prepareReaderRole(
  database: IndexDatabase,
  role: string,
): Promise<{ searchIndexed: boolean }> {
  if (!readerRolePattern.test(role))
    throw new ReaderRoleRefused(`INDEX_READER_ROLE "${role}" is not a plain role name.`);
  const { db } = database;
  const name = sql.raw(role);
  // Created where Storey's database user may; otherwise an administrator creates it beforehand.
  await sql`do $$ begin
      if not exists (select from pg_roles where rolname = ${sql.lit(role)}) then
        create role ${name} nologin;
      end if;
    exception when duplicate_object then null;
    end $$`.execute(db);
  const [row] = (
    await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
      select rolsuper, rolbypassrls from pg_roles where rolname = ${role}`.execute(db)
  ).rows;
  if (!row)
    throw new ReaderRoleRefused(
      `The index's reader role "${role}" does not exist and could not be created: create it (NOLOGIN) and grant it to Storey's database user.`,
    );
  if (row.rolsuper || row.rolbypassrls)
    throw new ReaderRoleRefused(
      `The index's reader role "${role}" is a superuser or bypasses row-level security: people who see part of the portfolio would see all of it. Give INDEX_READER_ROLE a role without SUPERUSER and BYPASSRLS.`,
    );
  await sql`grant usage on schema public to ${name}`.execute(db);
  await sql`grant select on all tables in schema public to ${name}`.execute(db);
  // Storey's own database user must be able to take the role for a transaction.
  await sql`do $$ begin
      if not pg_has_role(current_user, ${sql.lit(role)}, 'MEMBER') then
        execute format('grant %I to %I', ${sql.lit(role)}, current_user);
      end if;
    end $$`.execute(db);
  return { searchIndexed: await letSearchUseItsIndex(database.db) };
}

/**
 * Under row-level security PostgreSQL uses an index for a condition only when its operator is
 * LEAKPROOF (it could otherwise tell, through an error, something of rows the policy hides),
 * and full-text search's `@@` (ts_match_vq) is not marked so: a scoped person's search read
 * every name of the portfolio one by one (336,000 at the large profile, 2-8× the time of an
 * unscoped search). It reveals nothing but its answer (a tsvector is checked when stored; its
 * only errors depend on the query, which Storey builds), and only Storey's own queries run as
 * the reader role: so it is marked, where Storey may (the embedded database is its own cluster,
 * where it is the superuser). Elsewhere a database administrator may do the same (decision
 * 0020); until then scoped searches are right, only slower. Whether search may use its index.
 */
export async function letSearchUseItsIndex(db: Kysely<IndexTables>): Promise<boolean> {
  const state = async () =>
    (
      await sql<{ leakproof: boolean; superuser: boolean }>`
        select p.proleakproof as leakproof,
          (select rolsuper from pg_roles where rolname = current_user) as superuser
        from pg_proc p where p.oid = 'pg_catalog.ts_match_vq(tsvector, tsquery)'::regprocedure`.execute(
        db,
      )
    ).rows[0]!;
  const before = await state();
  if (before.leakproof) return true;
  if (!before.superuser) return false;
  // Two instances starting at once may both try: one's "tuple concurrently updated" is the
  // other's success, read again below.
  await sql`alter function pg_catalog.ts_match_vq(tsvector, tsquery) leakproof`
    .execute(db)
    .catch(() => undefined);
  return (await state()).leakproof;
}

/** Scopes already made concrete, by key (per process; the database says for other instances). */
export function createScopeMaterializer(db: Kysely<IndexTables>) {
  const ready = new Set<string>();
  return async (access: PersonAccess, runId: number): Promise<string> => {
    const key = scopeKeyFor(access, runId);
    if (ready.has(key)) return key;
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('scope_run')
        .select('scope_key')
        .where('scope_key', '=', key)
        .executeTakeFirst();
      if (done) return;
      const organizations = [...access.organizations];
      const sites = [...access.sites];
      const buildings = [...access.buildings];
      // Two instances may do this at once: the same rows, each kept once.
      await sql`insert into scope_building (scope_key, run_id, building_id)
        select ${key}, ${runId}, b.id from indexed_building b
        where b.run_id = ${runId} and (b.organization_id = any(${organizations}::text[])
          or b.site_id = any(${sites}::text[]) or b.id = any(${buildings}::text[]))
        on conflict do nothing`.execute(trx);
      // A site shared whole, or only some of its buildings (then only its name shows).
      await sql`insert into scope_site (scope_key, run_id, site_id, whole)
        select ${key}, ${runId}, s.id, (s.id = any(${sites}::text[]) or s.organization_id = any(${organizations}::text[]))
        from indexed_site s
        where s.run_id = ${runId} and (s.id = any(${sites}::text[]) or s.organization_id = any(${organizations}::text[])
          or s.id in (select b.site_id from scope_building sb join indexed_building b
            on b.run_id = ${runId} and b.id = sb.building_id where sb.scope_key = ${key}))
        on conflict do nothing`.execute(trx);
      await sql`insert into scope_organization (scope_key, run_id, organization_id)
        select ${key}, ${runId}, o.id from indexed_organization o
        where o.run_id = ${runId} and (o.id = any(${organizations}::text[])
          or o.id in (select s.organization_id from scope_site ss join indexed_site s
            on s.run_id = ${runId} and s.id = ss.site_id where ss.scope_key = ${key})
          or o.id in (select b.organization_id from scope_building sb join indexed_building b
            on b.run_id = ${runId} and b.id = sb.building_id where sb.scope_key = ${key}))
        on conflict do nothing`.execute(trx);
      await sql`insert into scope_run (scope_key, run_id) values (${key}, ${runId})
        on conflict do nothing`.execute(trx);
    });
    // Bounded: a long-running instance meets many runs and scopes.
    if (ready.size >= 10_000) ready.clear();
    ready.add(key);
    return key;
  };
}
