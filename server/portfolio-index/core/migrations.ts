import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * The index's schema, versioned: each migration runs once, in name order, at start (Kysely's
 * Migrator records them in `kysely_migration` and takes its own lock, so instances starting
 * together run each one once). Never edit a migration that has shipped: add the next one.
 */
const migrations: Record<string, Migration> = {
  '0001-hierarchy': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('index_run')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('instance', 'text', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('finished_at', 'timestamptz')
        .addColumn('phase', 'text', (column) => column.notNull())
        .addColumn('outcome', 'text', (column) => column.notNull())
        .addColumn('error', 'text')
        .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('sites', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('buildings', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('levels', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('rooms', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('index_current')
        .addColumn('singleton', 'boolean', (column) =>
          column
            .primaryKey()
            .defaultTo(true)
            .check(sql`singleton`),
        )
        .addColumn('run_id', 'integer', (column) => column.notNull().references('index_run.id'))
        .execute();
      await db.schema
        .createTable('indexed_organization')
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addPrimaryKeyConstraint('indexed_organization_pk', ['run_id', 'id'])
        .execute();
      await db.schema
        .createTable('indexed_site')
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('organization_id', 'text')
        .addPrimaryKeyConstraint('indexed_site_pk', ['run_id', 'id'])
        .execute();
      await db.schema
        .createTable('indexed_building')
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('id', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('reference_id', 'text')
        .addColumn('site_id', 'text', (column) => column.notNull())
        .addColumn('organization_id', 'text', (column) => column.notNull())
        .addColumn('organization_name', 'text')
        .addColumn('area', 'double precision', (column) => column.notNull())
        .addColumn('floor_count', 'integer', (column) => column.notNull())
        .addColumn('space_count', 'integer', (column) => column.notNull())
        .addColumn('device_count', 'integer', (column) => column.notNull())
        .addColumn('measurement_count', 'integer', (column) => column.notNull())
        .addColumn('counts_included', 'boolean', (column) => column.notNull())
        .addPrimaryKeyConstraint('indexed_building_pk', ['run_id', 'id'])
        .execute();
      await db.schema
        .createTable('indexed_level')
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('id', 'text')
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('area', 'double precision')
        .execute();
      await db.schema
        .createIndex('indexed_level_by_building')
        .on('indexed_level')
        .columns(['run_id', 'building_id'])
        .execute();
      await db.schema
        .createTable('indexed_room')
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('id', 'text')
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('level_id', 'text')
        .addColumn('level_position', 'integer', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('area', 'double precision')
        .execute();
      await db.schema
        .createIndex('indexed_room_by_building')
        .on('indexed_room')
        .columns(['run_id', 'building_id'])
        .execute();
    },
  },
  '0002-search-and-progress': {
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
  },
  '0003-quality': {
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
  },
  '0004-conditions': {
    async up(db: Kysely<unknown>) {
      // The latest banded reading of each room's measurement, as the conditions refresh last read
      // it (conditions.ts): kept across index runs, keyed by the platform's measurement id.
      await db.schema
        .createTable('condition_reading')
        .addColumn('measurement_id', 'text', (column) => column.primaryKey())
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('room_id', 'text', (column) => column.notNull())
        .addColumn('floor_id', 'text')
        // The room's name and level as the served index had them at the check (for the list).
        .addColumn('room_name', 'text')
        .addColumn('level_key', 'text')
        .addColumn('level_name', 'text')
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('point_type', 'text', (column) => column.notNull())
        .addColumn('name', 'text')
        .addColumn('unit', 'text')
        .addColumn('value', 'double precision')
        .addColumn('reading_at', 'timestamptz', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('out_share', 'double precision', (column) => column.notNull().defaultTo(0))
        .addColumn('out_since', 'timestamptz')
        .addColumn('out_since_known', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('checked_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('condition_reading_by_building')
        .on('condition_reading')
        .column('building_id')
        .execute();
      // The list of what needs attention reads only the few readings out of band.
      await sql`create index condition_reading_out_of_band on condition_reading (out_share desc)
        where status in ('low', 'high')`.execute(db);
      await db.schema
        .createTable('condition_building')
        .addColumn('building_id', 'text', (column) => column.primaryKey())
        .addColumn('checked_at', 'timestamptz', (column) => column.notNull())
        // The newest reading time seen: the next check asks only for what changed after it.
        .addColumn('read_until', 'timestamptz')
        .execute();
      await db.schema
        .createTable('condition_round')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('instance', 'text', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('finished_at', 'timestamptz')
        .addColumn('buildings_checked', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .execute();
    },
  },
  '0005-site-time-zones': {
    async up(db: Kysely<unknown>) {
      // The comfort hours apply on each site's clock (server/conditions/comfort-hours.ts).
      await db.schema.alterTable('indexed_site').addColumn('timezone', 'text').execute();
    },
  },
  '0006-energy': {
    async up(db: Kysely<unknown>) {
      // How many days of history the site keeps: older days are not asked for (field notes).
      await db.schema.alterTable('indexed_site').addColumn('retention_days', 'integer').execute();
      await db.schema
        .createTable('energy_meter')
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('measurement_id', 'text', (column) => column.notNull())
        .addColumn('device_id', 'text', (column) => column.notNull())
        .addColumn('unit', 'text')
        .addColumn('kwh_per_unit', 'double precision')
        // The site's zone when last seen: the ranking reads the meter's days on its clock.
        .addColumn('timezone', 'text')
        .addColumn('last_reading_at', 'timestamptz')
        .addColumn('days_read_at', 'timestamptz')
        .addPrimaryKeyConstraint('energy_meter_key', ['building_id', 'measurement_id'])
        .execute();
      await db.schema
        .createTable('energy_day')
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('measurement_id', 'text', (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('used_kwh', 'double precision', (column) => column.notNull())
        .addColumn('covered', 'double precision', (column) => column.notNull())
        .addColumn('complete', 'boolean', (column) => column.notNull())
        .addColumn('beyond_retention', 'boolean', (column) => column.notNull())
        .addColumn('base_at', 'timestamptz')
        .addColumn('base_value', 'double precision')
        .addPrimaryKeyConstraint('energy_day_key', ['building_id', 'measurement_id', 'day'])
        .execute();
      await db.schema
        .createTable('energy_building')
        .addColumn('building_id', 'text', (column) => column.primaryKey())
        .addColumn('meters', 'integer', (column) => column.notNull())
        .addColumn('area', 'double precision', (column) => column.notNull())
        .addColumn('used_kwh', 'double precision')
        .addColumn('eui', 'double precision')
        .addColumn('covered_days', 'double precision', (column) => column.notNull())
        .addColumn('reason', 'text')
        .addColumn('previous_kwh', 'double precision')
        .addColumn('change', 'double precision')
        .addColumn('compare_reason', 'text')
        .addColumn('last_reading_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('energy_round')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('instance', 'text', (column) => column.notNull())
        .addColumn('started_at', 'timestamptz', (column) => column.notNull())
        .addColumn('finished_at', 'timestamptz')
        .addColumn('days_read', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('platform_requests', 'integer', (column) => column.notNull().defaultTo(0))
        // The ranking's period on UTC's clock, and when it was worked out.
        .addColumn('period_from', 'text')
        .addColumn('period_to', 'text')
        .addColumn('ranked_at', 'timestamptz')
        .addColumn('error', 'text')
        .execute();
    },
  },
  '0007-stuck-meters': {
    async up(db: Kysely<unknown>) {
      // Whole days of the period on which a meter sent readings but its total did not move.
      await db.schema
        .alterTable('energy_building')
        .addColumn('stuck_days', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  '0008-energy-months': {
    async up(db: Kysely<unknown>) {
      // A meter's use per whole month of its site's clock: what a 12-month figure adds up,
      // kept after its days leave the 60-day window (energy.ts).
      await db.schema
        .createTable('energy_month')
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('measurement_id', 'text', (column) => column.notNull())
        .addColumn('month', 'text', (column) => column.notNull())
        .addColumn('days', 'integer', (column) => column.notNull())
        .addColumn('used_kwh', 'double precision', (column) => column.notNull())
        .addColumn('covered', 'double precision', (column) => column.notNull())
        .addColumn('complete_days', 'integer', (column) => column.notNull())
        .addColumn('beyond_days', 'integer', (column) => column.notNull())
        .addColumn('stuck_days', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('energy_month_key', ['building_id', 'measurement_id', 'month'])
        .execute();
      // One row per building and period: the last 30 days, and the last 12 months.
      await sql`alter table energy_building drop constraint energy_building_pkey`.execute(db);
      await db.schema
        .alterTable('energy_building')
        .addColumn('period', 'text', (column) => column.notNull().defaultTo('30-days'))
        .execute();
      await sql`alter table energy_building add constraint energy_building_key
        primary key (period, building_id)`.execute(db);
      await db.schema.alterTable('energy_round').addColumn('months_from', 'text').execute();
      await db.schema.alterTable('energy_round').addColumn('months_to', 'text').execute();
      await db.schema
        .alterTable('energy_round')
        .addColumn('months_read', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  '0009-search-tiers': {
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
  },
  '0010-any-platform': {
    async up(db: Kysely<unknown>) {
      // The interface specification requires no field but the id: a building without a site,
      // an organisation, an area or counts is kept, its unknown fields unknown (never 0).
      for (const column of [
        'site_id',
        'organization_id',
        'area',
        'floor_count',
        'space_count',
        'device_count',
        'measurement_count',
        'counts_included',
      ])
        await sql`alter table indexed_building alter column ${sql.ref(column)} drop not null`.execute(
          db,
        );
      await sql`alter table indexed_finding alter column site_id drop not null`.execute(db);
      await sql`alter table energy_building alter column area drop not null`.execute(db);
      // The records of each kind a sync could not keep, by why: {"sites": {"no-usable-id": 2}}.
      await db.schema
        .alterTable('index_run')
        .addColumn('skipped', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
    },
  },
  '0011-access-scopes': {
    async up(db: Kysely<unknown>) {
      // The platform's own records of sites and buildings, as read: a person who sees part of
      // the portfolio is answered /api/Sites and /api/Buildings from here (access/listings.ts).
      await db.schema.alterTable('indexed_site').addColumn('record', 'jsonb').execute();
      await db.schema.alterTable('indexed_building').addColumn('record', 'jsonb').execute();
      // Which building each device seen among current values is in: a device's id is checked
      // against a person's scope before anything is asked of the platform.
      await db.schema
        .createTable('known_device')
        .addColumn('device_id', 'text', (column) => column.primaryKey())
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addColumn('seen_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('known_device_building')
        .on('known_device')
        .column('building_id')
        .execute();
      // A scope made concrete for one served run: its buildings, sites and organisations. The
      // key names the scope and the run, so a new run never reads an older run's rows.
      await db.schema
        .createTable('scope_run')
        .addColumn('scope_key', 'text', (column) => column.primaryKey())
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('scope_building')
        .addColumn('scope_key', 'text', (column) => column.notNull())
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('building_id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('scope_building_key', ['scope_key', 'building_id'])
        .execute();
      await db.schema
        .createTable('scope_site')
        .addColumn('scope_key', 'text', (column) => column.notNull())
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('site_id', 'text', (column) => column.notNull())
        // The whole site is shared (not only some of its buildings): its own findings show.
        .addColumn('whole', 'boolean', (column) => column.notNull())
        .addPrimaryKeyConstraint('scope_site_key', ['scope_key', 'site_id'])
        .execute();
      await db.schema
        .createTable('scope_organization')
        .addColumn('scope_key', 'text', (column) => column.notNull())
        .addColumn('run_id', 'integer', (column) => column.notNull())
        .addColumn('organization_id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('scope_organization_key', ['scope_key', 'organization_id'])
        .execute();
      for (const table of ['scope_building', 'scope_site', 'scope_organization'])
        await db.schema.createIndex(`${table}_run`).on(table).column('run_id').execute();
      // Who signed in, with which groups: the access pages' "what can this person see".
      await db.schema
        .createTable('person')
        .addColumn('sub', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('groups', 'jsonb', (column) => column.notNull())
        .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('access_audit')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('at', 'timestamptz', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .execute();
      // The database's backstop under the server's checks: a role that is not the tables'
      // owner sees only the rows of the scope set in its transaction, and nothing when none is
      // set (current_setting(…, true) is null). The owner, which writes, is not subject to it.
      const scope = sql.raw(`current_setting('storey.scope', true)`);
      const inBuildings = (column: string) =>
        sql`${sql.ref(column)} in (select building_id from scope_building where scope_key = ${scope})`;
      const policies: Array<[string, ReturnType<typeof sql>]> = [
        [
          'indexed_organization',
          sql`id in (select organization_id from scope_organization where scope_key = ${scope})`,
        ],
        ['indexed_site', sql`id in (select site_id from scope_site where scope_key = ${scope})`],
        ['indexed_building', inBuildings('id')],
        ['indexed_level', inBuildings('building_id')],
        ['indexed_room', inBuildings('building_id')],
        ['indexed_place', inBuildings('building_id')],
        ['indexed_quality', inBuildings('building_id')],
        [
          'indexed_finding',
          sql`${inBuildings('building_id')} or (building_id is null and site_id in (select site_id from scope_site where scope_key = ${scope} and whole))`,
        ],
        ['condition_reading', inBuildings('building_id')],
        ['condition_building', inBuildings('building_id')],
        ['energy_meter', inBuildings('building_id')],
        ['energy_day', inBuildings('building_id')],
        ['energy_month', inBuildings('building_id')],
        ['energy_building', inBuildings('building_id')],
        ['known_device', inBuildings('building_id')],
      ];
      for (const [table, rule] of policies) {
        await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
        await sql`create policy storey_scope on ${sql.table(table)} for select using (${rule})`.execute(
          db,
        );
      }
    },
  },
  '0012-scope-grants': {
    async up(db: Kysely<unknown>) {
      // Grants kept in the database and edited on the Access page (decision 0020), beside those
      // of SCOPES_FILE: what larger deployments change without a restart.
      await db.schema
        .createTable('scope_grant')
        .addColumn('id', 'serial', (column) => column.primaryKey())
        .addColumn('grp', 'text', (column) => column.notNull())
        .addColumn('node_kind', 'text', (column) =>
          column.notNull().check(sql`node_kind in ('all', 'organization', 'site', 'building')`),
        )
        .addColumn('node_id', 'text')
        .addColumn('role', 'text', (column) =>
          column.notNull().check(sql`role in ('viewer', 'operator', 'admin')`),
        )
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .execute();
      // One role per group and place: a second is a change of the first, not another grant.
      await sql`create unique index scope_grant_once on scope_grant (grp, node_kind, coalesce(node_id, ''))`.execute(
        db,
      );
    },
  },
  '0013-alarms': {
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
  },
  '0014-notifications': {
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
  },
  '0015-alarm-routes': {
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
      await sql`alter table notification_batch drop constraint notification_batch_window`.execute(
        db,
      );
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
      await db.schema
        .alterTable('notification_setting')
        .addColumn('quiet_to', 'smallint')
        .execute();
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
  },
  '0016-alarm-updates-in-place': {
    async up(db: Kysely<unknown>) {
      // Every conditions round writes the newest reading onto every open alarm (25,000 at
      // 10,000 buildings). None of those columns is indexed, so with room left on each page
      // PostgreSQL updates a row in place (a heap-only tuple) and touches none of the alarm's
      // four indexes: a derivation's update took a quarter of the time (issue #53's bench).
      // Pages written from now on keep half their room; the rows already there move as they
      // are updated.
      await sql`alter table alarm set (fillfactor = 50)`.execute(db);
    },
  },
  '0017-space-types': {
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
  },
  '0018-alarm-round-indexes': {
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
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** The names of every migration, oldest first (tests migrate an older database step by step). */
export const migrationNames = Object.keys(migrations).sort();
