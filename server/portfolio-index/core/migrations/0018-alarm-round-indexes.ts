import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const alarmRoundIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    // What an alarm round reads of 200 buildings' readings (derive.ts), each part by an index
    // rather than every reading of the buildings (issue #53's bench: most of a derivation's
    // time): those out of band or silent, and every sensor of a room with a comfort alarm.
    await sql`create index condition_reading_unsettled on condition_reading (building_id)
        where status in ('low', 'high', 'stale')`.execute(db);
    await sql`create index condition_reading_by_room on condition_reading (room_id, kind)`.execute(
      db,
    );
    // Whether a silence was told already looks an alarm up by its key, closed ones too: the
    // table keeps every alarm ever raised, so without this each round read all of them.
    await sql`create index alarm_by_key on alarm (key, raised_at)`.execute(db);
  },
};
