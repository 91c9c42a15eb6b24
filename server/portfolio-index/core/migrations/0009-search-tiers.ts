import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const searchTiers: Migration = {
  async up(db: Kysely<unknown>) {
    // Search ranks a first page without ranking every match (queries.ts): places whose own
    // name holds the query's words are found through an index of their own names alone.
    await db.schema
      .alterTable('indexed_place')
      .addColumn('own_words', sql`tsvector`)
      .execute();
    await sql`update indexed_place set own_words = to_tsvector('simple', own_text)`.execute(db);
    await sql`alter table indexed_place alter column own_words set not null`.execute(db);
    await sql`create index indexed_place_own_words on indexed_place using gin (own_words)`.execute(
      db,
    );
  },
};
