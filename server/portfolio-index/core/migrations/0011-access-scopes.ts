import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const accessScopes: Migration = {
  async up(db: Kysely<unknown>) {
    // The platform's own records of sites and buildings, as read: a person who sees part of
    // the portfolio is answered /api/Sites and /api/Buildings from here (access/listings.ts).
    await db.schema.alterTable('indexed_site').addColumn('record', 'jsonb').execute();
    await db.schema.alterTable('indexed_building').addColumn('record', 'jsonb').execute();
    // Which building each device seen among current values is in: a device's id is checked
    // against a person's scope before anything is asked of the platform.
    await db.schema
      .createTable('known_device')
      .addColumn('device_id', 'text', (column) => column.primaryKey())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('seen_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('known_device_building')
      .on('known_device')
      .column('building_id')
      .execute();
    // A scope made concrete for one served run: its buildings, sites and organisations. The
    // key names the scope and the run, so a new run never reads an older run's rows.
    await db.schema
      .createTable('scope_run')
      .addColumn('scope_key', 'text', (column) => column.primaryKey())
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('scope_building')
      .addColumn('scope_key', 'text', (column) => column.notNull())
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('scope_building_key', ['scope_key', 'building_id'])
      .execute();
    await db.schema
      .createTable('scope_site')
      .addColumn('scope_key', 'text', (column) => column.notNull())
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('site_id', 'text', (column) => column.notNull())
      // The whole site is shared (not only some of its buildings): its own findings show.
      .addColumn('whole', 'boolean', (column) => column.notNull())
      .addPrimaryKeyConstraint('scope_site_key', ['scope_key', 'site_id'])
      .execute();
    await db.schema
      .createTable('scope_organization')
      .addColumn('scope_key', 'text', (column) => column.notNull())
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('organization_id', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('scope_organization_key', ['scope_key', 'organization_id'])
      .execute();
    for (const table of ['scope_building', 'scope_site', 'scope_organization'])
      await db.schema.createIndex(`${table}_run`).on(table).column('run_id').execute();
    // Who signed in, with which groups: the access pages' "what can this person see".
    await db.schema
      .createTable('person')
      .addColumn('sub', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('groups', 'jsonb', (column) => column.notNull())
      .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('access_audit')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      .addColumn('actor', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .execute();
    // The database's backstop under the server's checks: a role that is not the tables'
    // owner sees only the rows of the scope set in its transaction, and nothing when none is
    // set (current_setting(…, true) is null). The owner, which writes, is not subject to it.
    const scope = sql.raw(`current_setting('storey.scope', true)`);
    const inBuildings = (column: string) =>
      sql`${sql.ref(column)} in (select building_id from scope_building where scope_key = ${scope})`;
    const policies: Array<[string, ReturnType<typeof sql>]> = [
      [
        'indexed_organization',
        sql`id in (select organization_id from scope_organization where scope_key = ${scope})`,
      ],
      ['indexed_site', sql`id in (select site_id from scope_site where scope_key = ${scope})`],
      ['indexed_building', inBuildings('id')],
      ['indexed_level', inBuildings('building_id')],
      ['indexed_room', inBuildings('building_id')],
      ['indexed_place', inBuildings('building_id')],
      ['indexed_quality', inBuildings('building_id')],
      [
        'indexed_finding',
        sql`${inBuildings('building_id')} or (building_id is null and site_id in (select site_id from scope_site where scope_key = ${scope} and whole))`,
      ],
      ['condition_reading', inBuildings('building_id')],
      ['condition_building', inBuildings('building_id')],
      ['energy_meter', inBuildings('building_id')],
      ['energy_day', inBuildings('building_id')],
      ['energy_month', inBuildings('building_id')],
      ['energy_building', inBuildings('building_id')],
      ['known_device', inBuildings('building_id')],
    ];
    for (const [table, rule] of policies) {
      await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
      await sql`create policy storey_scope on ${sql.table(table)} for select using (${rule})`.execute(
        db,
      );
    }
  },
};
