import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const scopeGrants: Migration = {
  async up(db: Kysely<unknown>) {
    // Grants kept in the database and edited on the Access page (decision 0020), beside those
    // of SCOPES_FILE: what larger deployments change without a restart.
    await db.schema
      .createTable('scope_grant')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('grp', 'text', (column) => column.notNull())
      .addColumn('node_kind', 'text', (column) =>
        column.notNull().check(sql`node_kind in ('all', 'organization', 'site', 'building')`),
      )
      .addColumn('node_id', 'text')
      .addColumn('role', 'text', (column) =>
        column.notNull().check(sql`role in ('viewer', 'operator', 'admin')`),
      )
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // One role per group and place: a second is a change of the first, not another grant.
    await sql`create unique index scope_grant_once on scope_grant (grp, node_kind, coalesce(node_id, ''))`.execute(
      db,
    );
  },
};
