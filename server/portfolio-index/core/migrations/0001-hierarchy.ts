import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const hierarchy: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('index_run')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('instance', 'text', (column) => column.notNull())
      .addColumn('started_at', 'timestamptz', (column) => column.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addColumn('phase', 'text', (column) => column.notNull())
      .addColumn('outcome', 'text', (column) => column.notNull())
      .addColumn('error', 'text')
      .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('sites', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('buildings', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('levels', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('rooms', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('index_current')
      .addColumn('singleton', 'boolean', (column) =>
        column
          .primaryKey()
          .defaultTo(true)
          .check(sql`singleton`),
      )
      .addColumn('run_id', 'integer', (column) => column.notNull().references('index_run.id'))
      .execute();
    await db.schema
      .createTable('indexed_organization')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('id', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addPrimaryKeyConstraint('indexed_organization_pk', ['run_id', 'id'])
      .execute();
    await db.schema
      .createTable('indexed_site')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('id', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('organization_id', 'text')
      .addPrimaryKeyConstraint('indexed_site_pk', ['run_id', 'id'])
      .execute();
    await db.schema
      .createTable('indexed_building')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('id', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('reference_id', 'text')
      .addColumn('site_id', 'text', (column) => column.notNull())
      .addColumn('organization_id', 'text', (column) => column.notNull())
      .addColumn('organization_name', 'text')
      .addColumn('area', 'double precision', (column) => column.notNull())
      .addColumn('floor_count', 'integer', (column) => column.notNull())
      .addColumn('space_count', 'integer', (column) => column.notNull())
      .addColumn('device_count', 'integer', (column) => column.notNull())
      .addColumn('measurement_count', 'integer', (column) => column.notNull())
      .addColumn('counts_included', 'boolean', (column) => column.notNull())
      .addPrimaryKeyConstraint('indexed_building_pk', ['run_id', 'id'])
      .execute();
    await db.schema
      .createTable('indexed_level')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('id', 'text')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('area', 'double precision')
      .execute();
    await db.schema
      .createIndex('indexed_level_by_building')
      .on('indexed_level')
      .columns(['run_id', 'building_id'])
      .execute();
    await db.schema
      .createTable('indexed_room')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('id', 'text')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('level_id', 'text')
      .addColumn('level_position', 'integer', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('area', 'double precision')
      .execute();
    await db.schema
      .createIndex('indexed_room_by_building')
      .on('indexed_room')
      .columns(['run_id', 'building_id'])
      .execute();
  },
};
