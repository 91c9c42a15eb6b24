import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    // The alarms raised in one building within one grouping window, written in the raise's
    // transaction: what becomes one e-mail to each person told about that building.
    await db.schema
      .createTable('notification_batch')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('window_start', 'timestamptz', (column) => column.notNull())
      .addColumn('due_at', 'timestamptz', (column) => column.notNull())
      .addColumn('alarm_ids', sql`integer[]`, (column) => column.notNull())
      // When its messages were written to the outbox, one per recipient.
      .addColumn('expanded_at', 'timestamptz')
      .addUniqueConstraint('notification_batch_window', ['building_id', 'window_start'])
      .execute();
    await sql`create index notification_batch_due on notification_batch (due_at)
        where expanded_at is null`.execute(db);
    // Each message to one person, sent at least once and never twice for one key.
    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', 'serial', (column) => column.primaryKey())
      .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
      .addColumn('batch_id', 'integer', (column) => column.notNull())
      .addColumn('building_id', 'text', (column) => column.notNull())
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('recipient_name', 'text')
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      // pending, sending (claimed until claimed_until), sent, failed (not retried)
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull())
      .addColumn('claimed_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('sent_at', 'timestamptz')
      .execute();
    await sql`create index notification_outbox_due on notification_outbox (next_attempt_at)
        where status in ('pending', 'sending')`.execute(db);
    // A person's own choice; without a row, e-mail is on where they may act on alarms.
    await db.schema
      .createTable('notification_setting')
      .addColumn('sub', 'text', (column) => column.primaryKey())
      .addColumn('email_on', 'boolean', (column) => column.notNull())
      .execute();
  },
};
