import { sql, type Kysely } from 'kysely';
import { severityRank } from '../../../src/shared/contracts/alarms.ts';
import { featureWords, notEnabledReason } from '../../platform/history.ts';
import type { IndexTables } from '../core/tables.ts';
import { ruleById } from '../quality/catalogue.ts';
import { clearAlarm, raiseAlarm, type AlarmCandidate } from './alarm-writes.ts';
import type { AlarmRules } from './rules.ts';

/**
 * Alarms about the index itself (decision 0021): a data-quality error new in a sync, and a sync
 * or round that failed twice in a row. The index's own failures belong to no building: their
 * building id is empty, which no scope holds, so only people who see the whole portfolio see
 * them, and only administrators are e-mailed (notifications/plugin.ts).
 */

/** The building id of alarms about the index itself. */
export const indexWide = '';

const qualityKey = (buildingId: string, ruleId: string, level: number | null) =>
  `quality:${buildingId}:${ruleId}:${level ?? ''}`;

/**
 * In the transaction that serves a new run: each error-level finding of a building that the
 * served run did not have raises `quality`, with the rule's title; one gone from the new run
 * clears. The first sync sets the baseline (its findings are not news: the Data quality page
 * lists them), so a new install is not a flood.
 */
export async function deriveQualityAlarms(
  db: Kysely<IndexTables>,
  served: number | undefined,
  runId: number,
  now: Date,
  rules: AlarmRules,
): Promise<void> {
  const { rows: current } = await sql<{
    building_id: string;
    rule_id: string;
    level_position: number | null;
    detail: string | null;
    level_name: string | null;
    is_new: boolean;
  }>`select f.building_id, f.rule_id, f.level_position, f.detail, l.name as level_name,
      not exists (select 1 from indexed_finding p where p.run_id = ${served ?? -1}
        and p.building_id = f.building_id and p.rule_id = f.rule_id and p.severity = 'error'
        and p.level_position is not distinct from f.level_position) as is_new
    from indexed_finding f
    left join indexed_level l on l.run_id = f.run_id and l.building_id = f.building_id
      and l.position = f.level_position
    where f.run_id = ${runId} and f.severity = 'error' and f.building_id is not null`.execute(db);
  const keys = new Set<string>();
  for (const finding of current) {
    const key = qualityKey(finding.building_id, finding.rule_id, finding.level_position);
    keys.add(key);
    if (served === undefined || !finding.is_new) continue;
    const candidate: AlarmCandidate = {
      key,
      kind: 'quality',
      severity: severityRank.major,
      buildingId: finding.building_id,
      levelKey: finding.level_position === null ? null : String(finding.level_position),
      levelName: finding.level_name,
      roomId: null,
      roomName: null,
      measure: finding.rule_id,
      direction: null,
      measurementId: null,
      sensorName: ruleById.get(finding.rule_id)?.title ?? finding.rule_id,
      value: null,
      unit: null,
      bandLow: null,
      bandHigh: null,
      readingAt: null,
      detail: finding.detail,
    };
    await raiseAlarm(db, candidate, now, rules);
  }
  const active = await db
    .selectFrom('alarm')
    .select('key')
    .where('kind', '=', 'quality')
    .where('cleared_at', 'is', null)
    .execute();
  for (const { key } of active)
    if (!keys.has(key)) await clearAlarm(db, key, now, 'No longer found in the latest sync');
}

/** What failed twice, in words: the sync and each round. */
const parts = {
  sync: 'The sync of the portfolio',
  conditions: 'The conditions round (current values)',
  energy: 'The energy round (meter history)',
} as const;

/**
 * Each part's last two finished attempts: both failed raises `index-failure` (critical: every
 * screen that reads the index is going stale), the next success clears it. A platform that does
 * not offer a feature is not a failure (its screens say so already). Run by the notifier's pass.
 */
export async function deriveIndexFailureAlarms(
  db: Kysely<IndexTables>,
  now: Date,
  rules: AlarmRules,
): Promise<void> {
  const notOffered = Object.values(featureWords).map((words) => notEnabledReason(words.noun));
  const lastTwo = async (part: keyof typeof parts): Promise<Array<string | null>> => {
    const query =
      part === 'sync'
        ? sql<{ error: string | null }>`select case when outcome = 'failed'
            then coalesce(error, 'failed') end as error
          from index_run where outcome in ('done', 'failed') order by id desc limit 2`
        : sql<{ error: string | null }>`select error from ${sql.table(
            part === 'conditions' ? 'condition_round' : 'energy_round',
          )} where finished_at is not null order by id desc limit 2`;
    return (await query.execute(db)).rows.map((row) =>
      row.error !== null && notOffered.includes(row.error) ? null : row.error,
    );
  };
  for (const part of Object.keys(parts) as Array<keyof typeof parts>) {
    const key = `index-failure:${part}`;
    const [last, before] = await lastTwo(part);
    if (last && before)
      await raiseAlarm(
        db,
        {
          key,
          kind: 'index-failure',
          severity: severityRank.critical,
          buildingId: indexWide,
          levelKey: null,
          levelName: null,
          roomId: null,
          roomName: null,
          measure: part,
          direction: null,
          measurementId: null,
          sensorName: parts[part],
          value: null,
          unit: null,
          bandLow: null,
          bandHigh: null,
          readingAt: null,
          detail: last.slice(0, 300),
        },
        now,
        rules,
      );
    else if (last === null) await clearAlarm(db, key, now, 'Succeeded again');
  }
}
