import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const removedRuns: Migration = {
  async up(db: Kysely<unknown>) {
    // Whether a run's rows are gone. Each sync removed the rows of every finished run but the
    // one it served, and kept the runs themselves (the status reads them): so it asked again,
    // table by table, for every sync there had ever been, and a refresh grew slower each time.
    await sql`alter table index_run add column rows_removed boolean not null default false`.execute(
      db,
    );
    // None is marked: the next sync removes every older run once more, and marks each, so a run
    // whose removal an earlier stop cut short loses its rows too.
  },
};
