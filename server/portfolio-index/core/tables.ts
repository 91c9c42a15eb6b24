/**
 * Every table of the index's database as Kysely types it, in one file on purpose: Kysely checks
 * each query against one Database interface, so a capability's queries see the tables they join
 * (an alarm joins the served buildings; search, the scopes), and a migration and its table read
 * side by side. Over 400 lines because the schema is; it holds no code.
 */
import type { AlarmKind } from '../../../src/shared/contracts/alarms.ts';
import type { ColumnType, Generated } from 'kysely';
import type { SkippedRecords } from '../../../src/shared/platform/records.ts';

/** A column the database fills when an insert leaves it out. */
type Optional<T> = ColumnType<T, T | undefined, T>;

/**
 * The portfolio index's tables, as Kysely reads and writes them. Every row of the hierarchy
 * belongs to one sync run (`run_id`); `index_current` names the run that is served, so a sync
 * writes a whole new copy beside the served one and swaps it in one statement (readers never see
 * half a portfolio).
 */
export interface IndexTables {
  index_run: {
    id: Generated<number>;
    instance: string;
    started_at: ColumnType<Date, Date | string, Date | string>;
    finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** reading-sites, reading-buildings, reading-levels, reading-rooms, writing, done, failed */
    phase: string;
    outcome: 'running' | 'done' | 'failed';
    error: Optional<string | null>;
    /** What the platform offered (`bulk`: root levels/rooms pages; `per-building`: the spec). */
    method: Optional<string | null>;
    platform_requests: Optional<number>;
    sites: Optional<number>;
    buildings: Optional<number>;
    levels: Optional<number>;
    rooms: Optional<number>;
    /** Buildings expected (the listing's total), for the progress bar. */
    buildings_expected: Optional<number>;
    /** Rooms expected (the buildings' space counts, summed). */
    rooms_expected: Optional<number>;
    /** What could not be read, in plain words (one line each). */
    unread: ColumnType<string[], string[] | string, string[] | string>;
    /** Records of each kind the sync could not keep, by why (sync.ts `SkippedRecords`). */
    skipped: ColumnType<
      SkippedRecords,
      SkippedRecords | string | undefined,
      SkippedRecords | string
    >;
    /** Whether the run's rows are removed (it failed, or a newer run replaced it). */
    rows_removed: Generated<boolean>;
  };
  index_current: {
    singleton: Generated<boolean>;
    run_id: number;
  };
  indexed_organization: { run_id: number; id: string; name: string | null };
  indexed_site: {
    run_id: number;
    id: string;
    name: string | null;
    organization_id: string | null;
    /** The site's IANA time zone (the comfort hours are judged on its clock). */
    timezone: string | null;
    /** Days of history the site keeps (`timeSeriesRetentionSpan`); null when it does not say. */
    retention_days: Optional<number | null>;
    /** The platform's record as read (a scoped person's /api/Sites is answered from it). */
    record: Optional<unknown>;
  };
  indexed_building: {
    run_id: number;
    id: string;
    name: string | null;
    reference_id: string | null;
    site_id: string | null;
    organization_id: string | null;
    organization_name: string | null;
    /** m²; null when the platform gave none that is plausible. */
    area: number | null;
    floor_count: number | null;
    space_count: number | null;
    device_count: number | null;
    measurement_count: number | null;
    counts_included: boolean | null;
    /** The platform's record as read (a scoped person's /api/Buildings is answered from it). */
    record: Optional<unknown>;
    /** Whether the platform listed the building's spaces with their types (`space_type`). */
    space_types_read: Generated<boolean>;
  };
  indexed_level: {
    run_id: number;
    id: string | null;
    building_id: string;
    position: number;
    name: string | null;
    area: number | null;
  };
  indexed_room: {
    run_id: number;
    id: string | null;
    building_id: string;
    level_id: string | null;
    level_position: number;
    name: string | null;
    area: number | null;
    /** The platform's `ontologyType` of the space ("Office", "ServerRoom"), where it said one. */
    space_type: Generated<string | null>;
  };
  /** What the data-quality rules found in a run (quality.ts); site findings have no building. */
  indexed_finding: {
    run_id: number;
    building_id: string | null;
    site_id: string | null;
    rule_id: string;
    severity: 'error' | 'warning' | 'info';
    detail: string | null;
    level_position: number | null;
  };
  /** Each building's data-quality score, and whether its floors and rooms were checked. */
  indexed_quality: {
    run_id: number;
    building_id: string;
    score: number;
    checked: boolean;
  };
  /** One row per building, level and room: what search reads. */
  indexed_place: {
    run_id: number;
    kind: 'building' | 'level' | 'room';
    id: string | null;
    building_id: string;
    level_id: string | null;
    level_position: number | null;
    name: string | null;
    building_name: string | null;
    level_name: string | null;
    /** The place's own name, its level's and its building's, lower case without accents. */
    own_text: string;
    level_text: string;
    building_text: string;
    /** The same words for full-text ranking, the place's own name weighted highest. */
    words: ColumnType<string, never, never>;
    /** The place's own name alone: the first tier of search (queries.ts). */
    own_words: ColumnType<string, never, never>;
  };
  /**
   * The latest banded reading of each room's measurement (temperature, CO₂, humidity), judged
   * against its comfort band when its building was last checked. Not part of a run: the
   * conditions refresh keeps it (conditions.ts), and readers join it to the served run.
   */
  condition_reading: {
    measurement_id: string;
    building_id: string;
    room_id: string;
    floor_id: string | null;
    room_name: string | null;
    /** The level as the dashboard's links name it: its id, or its position where it has none. */
    level_key: string | null;
    level_name: string | null;
    kind: 'temperature' | 'co2' | 'humidity';
    point_type: string;
    name: string | null;
    unit: string | null;
    value: number | null;
    reading_at: ColumnType<Date, Date | string, Date | string>;
    /** The verdict at the check (comfort-verdict.ts): in-band, low, high, stale, not-a-number. */
    status: string;
    /** How far out of band, as a share of the band's width: what "worst first" sorts by. */
    out_share: number;
    /** When it was first seen out of band, uninterrupted since; null when in band. */
    out_since: ColumnType<Date | null, Date | string | null, Date | string | null>;
    /** False: it was already out of band when first read, so it has been out at least that long. */
    out_since_known: boolean;
    checked_at: ColumnType<Date, Date | string, Date | string>;
    /** Readings in a row judged out of band (the alarms' on-delay counts these). */
    out_checks: Optional<number>;
    /** Readings in a row inside the band by the deadband (what clears an alarm). */
    in_checks: Optional<number>;
    /** The band it was judged by (its room's: space-bands.ts); null where it has none. */
    band_low: Optional<number | null>;
    band_high: Optional<number | null>;
    band_source: Optional<string | null>;
  };
  /** When each building's current values were last read, and the newest reading time seen. */
  condition_building: {
    building_id: string;
    checked_at: ColumnType<Date, Date | string, Date | string>;
    read_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  };
  /** Each round of the conditions refresh: what it checked and what it cost. */
  condition_round: {
    id: Generated<number>;
    instance: string;
    started_at: ColumnType<Date, Date | string, Date | string>;
    finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    buildings_checked: Optional<number>;
    platform_requests: Optional<number>;
    error: Optional<string | null>;
  };
  /**
   * Each building's meters of the building as a whole (their `measuredId` is the building), as
   * the conditions refresh sees them among its current values: sub-meters of floors and rooms
   * are not here, so a building's use is never counted twice.
   */
  energy_meter: {
    building_id: string;
    measurement_id: string;
    device_id: string;
    unit: string | null;
    /** kWh per unit of its readings; null for a unit that is not energy. */
    kwh_per_unit: number | null;
    /** Its site's IANA zone when last seen (the ranking's days are on that clock). */
    timezone: string | null;
    last_reading_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    /** When the energy refresh last brought its days up to date. */
    days_read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** A meter's use on one whole day of its site's clock (energy.ts). */
  energy_day: {
    building_id: string;
    measurement_id: string;
    /** The site's date, YYYY-MM-DD. */
    day: string;
    used_kwh: number;
    /** The share of the day its readings account for (0–1). */
    covered: number;
    complete: boolean;
    /** Older than the site keeps: not asked for, never counted. */
    beyond_retention: boolean;
    /** The day's last reading: the base of the next day's first rise. */
    base_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    base_value: number | null;
  };
  /**
   * A meter's use over one whole month of its site's clock: its kept days added up while they
   * were all kept, or the month read at once from the platform (energy.ts).
   */
  energy_month: {
    building_id: string;
    measurement_id: string;
    /** The site's month, YYYY-MM. */
    month: string;
    /** Days the month has. */
    days: number;
    used_kwh: number;
    /** Days' worth of the month its readings account for. */
    covered: number;
    complete_days: number;
    /** Days older than the site kept when the month was read: never counted. */
    beyond_days: number;
    /** Whole days read without the total moving. */
    stuck_days: number;
  };
  /**
   * Each served building's energy over a period (`period`: the last 30 whole days, or the last
   * 12 whole months), worked out after each round.
   */
  energy_building: {
    period: Optional<string>;
    building_id: string;
    meters: number;
    area: number | null;
    used_kwh: number | null;
    /** kWh per m²: only with an area and every day of the period read whole. */
    eui: number | null;
    covered_days: number;
    /** Why it has no intensity (energy-ranking.ts); null when it is ranked. */
    reason: string | null;
    previous_kwh: number | null;
    change: number | null;
    compare_reason: string | null;
    last_reading_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    /** Whole days of the period its meters sent readings without their total moving. */
    stuck_days: Optional<number>;
  };
  /** Each round of the energy refresh: what it read and what it cost. */
  energy_round: {
    id: Generated<number>;
    instance: string;
    started_at: ColumnType<Date, Date | string, Date | string>;
    finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    days_read: Optional<number>;
    platform_requests: Optional<number>;
    period_from: Optional<string | null>;
    period_to: Optional<string | null>;
    /** The 12-month period on UTC's clock: its first day and its last. */
    months_from: Optional<string | null>;
    months_to: Optional<string | null>;
    /** Meter-months read from the platform at once (older than the kept days). */
    months_read: Optional<number>;
    ranked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    error: Optional<string | null>;
  };
  /** Which building each device seen among current values is in (access checks by device id). */
  known_device: {
    device_id: string;
    building_id: string;
    seen_at: ColumnType<Date, Date | string, Date | string>;
  };
  /**
   * A scope made concrete for one served run (access/scopes.ts): its key names the scope and the
   * run. The row-level security policies of every indexed table read these.
   */
  scope_run: { scope_key: string; run_id: number };
  scope_building: { scope_key: string; run_id: number; building_id: string };
  scope_site: { scope_key: string; run_id: number; site_id: string; whole: boolean };
  scope_organization: { scope_key: string; run_id: number; organization_id: string };
  /** Who signed in, and with which groups (the access pages). */
  person: {
    sub: string;
    name: string | null;
    email: string | null;
    groups: ColumnType<string[], string, string>;
    last_seen_at: ColumnType<Date, Date | string, Date | string>;
  };
  /** Grants edited on the Access page (beside SCOPES_FILE's). */
  scope_grant: {
    id: Generated<number>;
    grp: string;
    node_kind: 'all' | 'organization' | 'site' | 'building';
    node_id: string | null;
    role: 'viewer' | 'operator' | 'admin';
    created_by: string;
    created_at: ColumnType<Date, Date | string, Date | string>;
  };
  /** What administrators did about access: sessions ended, grants changed. */
  access_audit: {
    id: Generated<number>;
    at: ColumnType<Date, Date | string, Date | string>;
    actor: string;
    action: string;
    subject: string;
  };
  /** Alarms (decision 0021): open while active (cleared_at null) or unacknowledged. */
  alarm: {
    id: Generated<number>;
    key: string;
    kind: AlarmKind;
    /** 1 critical, 2 major, 3 minor. */
    severity: number;
    building_id: string;
    level_key: string | null;
    level_name: string | null;
    room_id: string | null;
    room_name: string | null;
    measure: string | null;
    direction: 'low' | 'high' | null;
    measurement_id: string | null;
    sensor_name: string | null;
    value: number | null;
    unit: string | null;
    band_low: number | null;
    band_high: number | null;
    /** Where the band comes from (its room's type's: decision 0022); null before it was kept. */
    band_source: Optional<string | null>;
    reading_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    raised_at: ColumnType<Date, Date | string, Date | string>;
    cleared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    acked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    acked_by: Optional<string | null>;
    acked_by_name: Optional<string | null>;
    assignee: Optional<string | null>;
    assignee_name: Optional<string | null>;
    chattering: Optional<boolean>;
    re_raised: Optional<number>;
    last_comment: Optional<string | null>;
    /** When a check last changed what it says (its reading, severity, band or names). */
    checked_at: ColumnType<Date, Date | string, Date | string>;
    escalated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** A data-quality finding's or a failure's own words. */
    detail: Optional<string | null>;
  };
  /** A building's or site's alarms kept but not told, for a reason, until an end. */
  alarm_silence: {
    id: Generated<number>;
    node_kind: 'building' | 'site';
    node_id: string;
    node_name: string | null;
    reason: string;
    starts_at: ColumnType<Date, Date | string, Date | string>;
    ends_at: ColumnType<Date, Date | string, Date | string>;
    created_by: string;
    created_by_name: string | null;
    lifted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    lifted_by: Optional<string | null>;
    lifted_by_name: Optional<string | null>;
  };
  /** Who did what to an alarm, and when (its timeline). */
  alarm_event: {
    id: Generated<number>;
    alarm_id: number;
    building_id: string;
    at: ColumnType<Date, Date | string, Date | string>;
    type: string;
    /** The person's subject; null for Storey itself. */
    actor: string | null;
    actor_name: string | null;
    text: string | null;
  };
  /** Alarms raised in one building within one grouping window: one message per recipient. */
  notification_batch: {
    id: Generated<number>;
    building_id: string;
    window_start: ColumnType<Date, Date | string, Date | string>;
    due_at: ColumnType<Date, Date | string, Date | string>;
    alarm_ids: ColumnType<number[], number[], number[]>;
    /** `first`: who looks after the building; `escalation`: the next route. */
    route: Optional<'first' | 'escalation'>;
    expanded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** Each message to one person (decision 0021): at least once, never twice for one key. */
  notification_outbox: {
    id: Generated<number>;
    dedupe_key: string;
    batch_id: number;
    building_id: string;
    recipient: string;
    recipient_name: string | null;
    /** `email` to `email`; `webhook` to `target`. */
    channel: Optional<'email' | 'webhook'>;
    email: string | null;
    target: Optional<string | null>;
    subject: string;
    body: string;
    status: 'pending' | 'sending' | 'sent' | 'failed';
    attempts: Optional<number>;
    next_attempt_at: ColumnType<Date, Date | string, Date | string>;
    claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    last_error: Optional<string | null>;
    created_at: ColumnType<Date, Date | string, Date | string>;
    sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** A person's notification choice. */
  notification_setting: {
    sub: string;
    /** null: the default (on where the person may act). */
    email_on: Optional<boolean | null>;
    /** Quiet hours, minutes after midnight in `time_zone`; both null: none. */
    quiet_from: Optional<number | null>;
    quiet_to: Optional<number | null>;
    time_zone: Optional<string | null>;
  };
}
