import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alarmRoutes: Migration = {
  async up(db: Kysely<unknown>) {
    // When an alarm nobody acknowledged was told to the next route (escalation, once).
    await db.schema.alterTable('alarm').addColumn('escalated_at', 'timestamptz').execute();
    // What a data-quality or index alarm says beyond its kind (the finding, the error).
    await db.schema.alterTable('alarm').addColumn('detail', 'text').execute();
    // A batch is for a route: `first` (who looks after the building) or `escalation`.
    await db.schema
      .alterTable('notification_batch')
      .addColumn('route', 'text', (column) => column.notNull().defaultTo('first'))
      .execute();
    await sql`alter table notification_batch drop constraint notification_batch_window`.execute(db);
    await sql`alter table notification_batch add constraint notification_batch_window
        unique (building_id, window_start, route)`.execute(db);
    // A message is an e-mail (to `email`) or a signed webhook call (to `target`).
    await db.schema
      .alterTable('notification_outbox')
      .addColumn('channel', 'text', (column) => column.notNull().defaultTo('email'))
      .execute();
    await db.schema.alterTable('notification_outbox').addColumn('target', 'text').execute();
    await sql`alter table notification_outbox alter column email drop not null`.execute(db);
    // Quiet hours in the person's own time zone (minutes after midnight); e-mail's choice
    // may now be left to its default while quiet hours are set.
    await sql`alter table notification_setting alter column email_on drop not null`.execute(db);
    await db.schema
      .alterTable('notification_setting')
      .addColumn('quiet_from', 'smallint')
      .execute();
    await db.schema.alterTable('notification_setting').addColumn('quiet_to', 'smallint').execute();
    await db.schema.alterTable('notification_setting').addColumn('time_zone', 'text').execute();
    // A silence: a building's or a whole site's alarms are kept but nobody is told, for a
    // reason, until an end (decision 0021).
    await db.schema
      .createTable('alarm_silence')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('node_kind', 'text', (column) => column.notNull())
      .addColumn('node_id', 'text', (column) => column.notNull())
      .addColumn('node_name', 'text')
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('starts_at', 'timestamptz', (column) => column.notNull())
      .addColumn('ends_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('created_by_name', 'text')
      .addColumn('lifted_at', 'timestamptz')
      .addColumn('lifted_by', 'text')
      .addColumn('lifted_by_name', 'text')
      .execute();
    await db.schema
      .createIndex('alarm_silence_by_node')
      .on('alarm_silence')
      .columns(['node_kind', 'node_id', 'ends_at'])
      .execute();
  },
};
