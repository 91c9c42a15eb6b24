import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const searchAndProgress: Migration = {
  async up(db: Kysely<unknown>) {
    // Accents and letters like ł, ø, ß compared as their plain forms: "lodz" finds "Łódź".
    await sql`create extension if not exists unaccent`.execute(db);
    // Names and queries as search compares them, one definition for both: no case, no
    // accents, and no < > (PostgreSQL's parser would read "«Étoile»" as an HTML tag and drop it).
    await sql`create function storey_search_text(value text) returns text language sql stable
        as $$ select regexp_replace(lower(unaccent(coalesce(value, ''))), '[<>&]', ' ', 'g') $$`.execute(
      db,
    );
    await db.schema
      .alterTable('index_run')
      .addColumn('method', 'text')
      .addColumn('buildings_expected', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('rooms_expected', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('unread', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
      .execute();
    await db.schema
      .createTable('indexed_place')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('id', 'text')
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('level_id', 'text')
      .addColumn('level_position', 'integer')
      .addColumn('name', 'text')
      .addColumn('building_name', 'text')
      .addColumn('level_name', 'text')
      // The place's own, its level's and its building's name as search compares them.
      .addColumn('own_text', 'text', (column) => column.notNull())
      .addColumn('level_text', 'text', (column) => column.notNull())
      .addColumn('building_text', 'text', (column) => column.notNull())
      .addColumn('words', sql`tsvector`, (column) => column.notNull())
      .execute();
    // Full-text index: a query's words are looked up as (prefixes of) the words of names.
    await sql`create index indexed_place_words on indexed_place using gin (words)`.execute(db);
    await db.schema
      .createIndex('indexed_place_by_run')
      .on('indexed_place')
      .columns(['run_id', 'kind'])
      .execute();
  },
};
