import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const energyMonths: Migration = {
  async up(db: Kysely<unknown>) {
    // A meter's use per whole month of its site's clock: what a 12-month figure adds up,
    // kept after its days leave the 60-day window (energy.ts).
    await db.schema
      .createTable('energy_month')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('measurement_id', 'text', (column) => column.notNull())
      .addColumn('month', 'text', (column) => column.notNull())
      .addColumn('days', 'integer', (column) => column.notNull())
      .addColumn('used_kwh', 'double precision', (column) => column.notNull())
      .addColumn('covered', 'double precision', (column) => column.notNull())
      .addColumn('complete_days', 'integer', (column) => column.notNull())
      .addColumn('beyond_days', 'integer', (column) => column.notNull())
      .addColumn('stuck_days', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('energy_month_key', ['building_id', 'measurement_id', 'month'])
      .execute();
    // One row per building and period: the last 30 days, and the last 12 months.
    await sql`alter table energy_building drop constraint energy_building_pkey`.execute(db);
    await db.schema
      .alterTable('energy_building')
      .addColumn('period', 'text', (column) => column.notNull().defaultTo('30-days'))
      .execute();
    await sql`alter table energy_building add constraint energy_building_key
        primary key (period, building_id)`.execute(db);
    await db.schema.alterTable('energy_round').addColumn('months_from', 'text').execute();
    await db.schema.alterTable('energy_round').addColumn('months_to', 'text').execute();
    await db.schema
      .alterTable('energy_round')
      .addColumn('months_read', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
