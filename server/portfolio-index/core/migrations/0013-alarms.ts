import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alarms: Migration = {
  async up(db: Kysely<unknown>) {
    // Each reading's streaks: how many readings in a row were out of band, and back inside by
    // the deadband (alarms/rules.ts: the on-delay and the clear).
    await db.schema
      .alterTable('condition_reading')
      .addColumn('out_checks', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('condition_reading')
      .addColumn('in_checks', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    // An alarm (decision 0021): condition (cleared_at) and handling (acked_at) apart; open
    // while active or unacknowledged. Names are kept as they were when it was raised, so the
    // worklist reads one table.
    await db.schema
      .createTable('alarm')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      // What it is about: `comfort:<room>:<measure>` or `no-data:<measurement>`.
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('severity', 'smallint', (column) => column.notNull())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('level_key', 'text')
      .addColumn('level_name', 'text')
      .addColumn('room_id', 'text')
      .addColumn('room_name', 'text')
      .addColumn('measure', 'text')
      .addColumn('direction', 'text')
      .addColumn('measurement_id', 'text')
      .addColumn('sensor_name', 'text')
      .addColumn('value', 'double precision')
      .addColumn('unit', 'text')
      .addColumn('band_low', 'double precision')
      .addColumn('band_high', 'double precision')
      .addColumn('reading_at', 'timestamptz')
      .addColumn('raised_at', 'timestamptz', (column) => column.notNull())
      .addColumn('cleared_at', 'timestamptz')
      .addColumn('acked_at', 'timestamptz')
      .addColumn('acked_by', 'text')
      .addColumn('acked_by_name', 'text')
      .addColumn('assignee', 'text')
      .addColumn('assignee_name', 'text')
      .addColumn('chattering', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('re_raised', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('last_comment', 'text')
      .addColumn('checked_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // One open alarm per subject, whatever runs at once, on any number of instances.
    await sql`create unique index alarm_one_open on alarm (key)
        where cleared_at is null or acked_at is null`.execute(db);
    await sql`create index alarm_open_by_severity on alarm (severity, raised_at)
        where cleared_at is null or acked_at is null`.execute(db);
    await db.schema
      .createIndex('alarm_by_building')
      .on('alarm')
      .columns(['building_id', 'raised_at'])
      .execute();
    await db.schema
      .createTable('alarm_event')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('alarm_id', 'integer', (column) =>
        column.notNull().references('alarm.id').onDelete('cascade'),
      )
      // The alarm's building again: the scope's policy reads it without a join.
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('at', 'timestamptz', (column) => column.notNull())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('actor', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('text', 'text')
      .execute();
    await db.schema
      .createIndex('alarm_event_by_alarm')
      .on('alarm_event')
      .columns(['alarm_id', 'id'])
      .execute();
    const scope = sql.raw(`current_setting('storey.scope', true)`);
    for (const table of ['alarm', 'alarm_event']) {
      await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
      await sql`create policy storey_scope on ${sql.table(table)} for select using (
          building_id in (select building_id from scope_building where scope_key = ${scope}))`.execute(
        db,
      );
    }
  },
};
