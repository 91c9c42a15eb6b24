import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const energy: Migration = {
  async up(db: Kysely<unknown>) {
    // How many days of history the site keeps: older days are not asked for (field notes).
    await db.schema.alterTable('indexed_site').addColumn('retention_days', 'integer').execute();
    await db.schema
      .createTable('energy_meter')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('measurement_id', 'text', (column) => column.notNull())
      .addColumn('device_id', 'text', (column) => column.notNull())
      .addColumn('unit', 'text')
      .addColumn('kwh_per_unit', 'double precision')
      // The site's zone when last seen: the ranking reads the meter's days on its clock.
      .addColumn('timezone', 'text')
      .addColumn('last_reading_at', 'timestamptz')
      .addColumn('days_read_at', 'timestamptz')
      .addPrimaryKeyConstraint('energy_meter_key', ['building_id', 'measurement_id'])
      .execute();
    await db.schema
      .createTable('energy_day')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('measurement_id', 'text', (column) => column.notNull())
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('used_kwh', 'double precision', (column) => column.notNull())
      .addColumn('covered', 'double precision', (column) => column.notNull())
      .addColumn('complete', 'boolean', (column) => column.notNull())
      .addColumn('beyond_retention', 'boolean', (column) => column.notNull())
      .addColumn('base_at', 'timestamptz')
      .addColumn('base_value', 'double precision')
      .addPrimaryKeyConstraint('energy_day_key', ['building_id', 'measurement_id', 'day'])
      .execute();
    await db.schema
      .createTable('energy_building')
      .addColumn('building_id', 'text', (column) => column.primaryKey())
      .addColumn('meters', 'integer', (column) => column.notNull())
      .addColumn('area', 'double precision', (column) => column.notNull())
      .addColumn('used_kwh', 'double precision')
      .addColumn('eui', 'double precision')
      .addColumn('covered_days', 'double precision', (column) => column.notNull())
      .addColumn('reason', 'text')
      .addColumn('previous_kwh', 'double precision')
      .addColumn('change', 'double precision')
      .addColumn('compare_reason', 'text')
      .addColumn('last_reading_at', 'timestamptz')
      .execute();
    await db.schema
      .createTable('energy_round')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('instance', 'text', (column) => column.notNull())
      .addColumn('started_at', 'timestamptz', (column) => column.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addColumn('days_read', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
      // The ranking's period on UTC's clock, and when it was worked out.
      .addColumn('period_from', 'text')
      .addColumn('period_to', 'text')
      .addColumn('ranked_at', 'timestamptz')
      .addColumn('error', 'text')
      .execute();
  },
};
