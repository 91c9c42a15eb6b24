import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const siteTimeZones: Migration = {
  async up(db: Kysely<unknown>) {
    // The comfort hours apply on each site's clock (server/conditions/comfort-hours.ts).
    await db.schema.alterTable('indexed_site').addColumn('timezone', 'text').execute();
  },
};
