import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const stuckMeters: Migration = {
  async up(db: Kysely<unknown>) {
    // Whole days of the period on which a meter sent readings but its total did not move.
    await db.schema
      .alterTable('energy_building')
      .addColumn('stuck_days', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
