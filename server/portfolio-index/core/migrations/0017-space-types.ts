import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const spaceTypes: Migration = {
  async up(db: Kysely<unknown>) {
    // A room is judged by the bands of its type (a store room by none, a server room by its
    // own envelope): the platform's `ontologyType` of each space, where the platform lists a
    // building's spaces, and whether it did for the building.
    await db.schema.alterTable('indexed_room').addColumn('space_type', 'text').execute();
    await db.schema
      .alterTable('indexed_building')
      .addColumn('space_types_read', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
    // The band a reading was judged by, kept with its verdict: the list, its CSV and the
    // alarm name the room's own band, not the office one.
    await db.schema
      .alterTable('condition_reading')
      .addColumn('band_low', 'double precision')
      .addColumn('band_high', 'double precision')
      .addColumn('band_source', 'text')
      .execute();
    await db.schema.alterTable('alarm').addColumn('band_source', 'text').execute();
  },
};
