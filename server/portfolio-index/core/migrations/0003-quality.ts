import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const quality: Migration = {
  async up(db: Kysely<unknown>) {
    // The data-quality rules' findings of a run (quality-rules.ts), and each building's score.
    await db.schema
      .createTable('indexed_finding')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('building_id', 'text')
      .addColumn('site_id', 'text', (column) => column.notNull())
      .addColumn('rule_id', 'text', (column) => column.notNull())
      .addColumn('severity', 'text', (column) => column.notNull())
      .addColumn('detail', 'text')
      .addColumn('level_position', 'integer')
      .execute();
    await db.schema
      .createIndex('indexed_finding_by_building')
      .on('indexed_finding')
      .columns(['run_id', 'building_id'])
      .execute();
    await db.schema
      .createIndex('indexed_finding_by_rule')
      .on('indexed_finding')
      .columns(['run_id', 'rule_id'])
      .execute();
    await db.schema
      .createTable('indexed_quality')
      .addColumn('run_id', 'integer', (column) => column.notNull())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('score', 'integer', (column) => column.notNull())
      // Its floors and rooms were read, so the rules that need them were applied.
      .addColumn('checked', 'boolean', (column) => column.notNull())
      .addPrimaryKeyConstraint('indexed_quality_pk', ['run_id', 'building_id'])
      .execute();
  },
};
