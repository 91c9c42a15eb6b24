import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const conditions: Migration = {
  async up(db: Kysely<unknown>) {
    // The latest banded reading of each room's measurement, as the conditions refresh last read
    // it (conditions.ts): kept across index runs, keyed by the platform's measurement id.
    await db.schema
      .createTable('condition_reading')
      .addColumn('measurement_id', 'text', (column) => column.primaryKey())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('room_id', 'text', (column) => column.notNull())
      .addColumn('floor_id', 'text')
      // The room's name and level as the served index had them at the check (for the list).
      .addColumn('room_name', 'text')
      .addColumn('level_key', 'text')
      .addColumn('level_name', 'text')
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('point_type', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('unit', 'text')
      .addColumn('value', 'double precision')
      .addColumn('reading_at', 'timestamptz', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('out_share', 'double precision', (column) => column.notNull().defaultTo(0))
      .addColumn('out_since', 'timestamptz')
      .addColumn('out_since_known', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('checked_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('condition_reading_by_building')
      .on('condition_reading')
      .column('building_id')
      .execute();
    // The list of what needs attention reads only the few readings out of band.
    await sql`create index condition_reading_out_of_band on condition_reading (out_share desc)
        where status in ('low', 'high')`.execute(db);
    await db.schema
      .createTable('condition_building')
      .addColumn('building_id', 'text', (column) => column.primaryKey())
      .addColumn('checked_at', 'timestamptz', (column) => column.notNull())
      // The newest reading time seen: the next check asks only for what changed after it.
      .addColumn('read_until', 'timestamptz')
      .execute();
    await db.schema
      .createTable('condition_round')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('instance', 'text', (column) => column.notNull())
      .addColumn('started_at', 'timestamptz', (column) => column.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addColumn('buildings_checked', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
  },
};
