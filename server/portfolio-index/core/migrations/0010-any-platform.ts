import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const anyPlatform: Migration = {
  async up(db: Kysely<unknown>) {
    // The interface specification requires no field but the id: a building without a site,
    // an organisation, an area or counts is kept, its unknown fields unknown (never 0).
    for (const column of [
      'site_id',
      'organization_id',
      'area',
      'floor_count',
      'space_count',
      'device_count',
      'measurement_count',
      'counts_included',
    ])
      await sql`alter table indexed_building alter column ${sql.ref(column)} drop not null`.execute(
        db,
      );
    await sql`alter table indexed_finding alter column site_id drop not null`.execute(db);
    await sql`alter table energy_building alter column area drop not null`.execute(db);
    // The records of each kind a sync could not keep, by why: {"sites": {"no-usable-id": 2}}.
    await db.schema
      .alterTable('index_run')
      .addColumn('skipped', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
  },
};
