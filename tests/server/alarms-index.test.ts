/**
 * Alarms about the index itself (decision 0021): a data-quality error new in a sync raises one
 * (the first sync is the baseline, not a flood) and clears when a sync no longer finds it; the
 * sync or a round failing twice in a row raises a critical alarm that no building holds, and a
 * platform that does not offer a feature is not a failure. Time is injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deriveIndexFailureAlarms,
  deriveQualityAlarms,
} from '../../server/portfolio-index/alarms/index-alarms';
import { alarmWorklist } from '../../server/portfolio-index/alarms/queries';
import { defaultAlarmRules } from '../../server/portfolio-index/alarms/rules';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { featureWords, notEnabledReason } from '../../server/platform/history';
import { alarmWhat, alarmWhere } from '@/shared/rules/alarm-words';

const minute = 60_000;
const time = { now: Date.UTC(2026, 10, 24, 9, 0) };
let database: IndexDatabase;

const open = async () =>
  (
    await alarmWorklist(
      database.db,
      3,
      { view: 'open', me: null },
      { offset: 0, limit: 100 },
      new Date(time.now),
    )
  ).items;

const finding = (runId: number, building: string, rule: string, level: number | null = null) => ({
  run_id: runId,
  building_id: building,
  site_id: 'site-1',
  rule_id: rule,
  severity: 'error' as const,
  detail: null,
  level_position: level,
});

beforeAll(async () => {
  database = await openIndexDatabase({});
});
afterAll(async () => {
  await database?.close();
});

describe('data-quality alarms', () => {
  it('takes the first sync as the baseline, raises what a later sync finds new, and clears what it no longer finds', async () => {
    const { db } = database;
    await db
      .insertInto('indexed_finding')
      .values(finding(1, 'b-1', 'name-missing'))
      .execute();
    await deriveQualityAlarms(db, undefined, 1, new Date(time.now), defaultAlarmRules);
    expect(await open()).toEqual([]);

    time.now += 60 * minute;
    await db
      .insertInto('indexed_finding')
      .values([finding(2, 'b-1', 'name-missing'), finding(2, 'b-1', 'area-missing')])
      .execute();
    await deriveQualityAlarms(db, 1, 2, new Date(time.now), defaultAlarmRules);
    const [raised, ...others] = await open();
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      kind: 'quality',
      severity: 'major',
      buildingId: 'b-1',
      measure: 'area-missing',
    });
    expect(alarmWhat(raised!)).toBe('Data quality: Area missing');

    time.now += 60 * minute;
    await db
      .insertInto('indexed_finding')
      .values(finding(3, 'b-1', 'name-missing'))
      .execute();
    await deriveQualityAlarms(db, 2, 3, new Date(time.now), defaultAlarmRules);
    expect((await open()).find((alarm) => alarm.id === raised!.id)).toMatchObject({
      clearedAt: new Date(time.now).toISOString(),
    });
  });
});

describe("the index's own failures", () => {
  const round = (error: string | null) =>
    database.db
      .insertInto('condition_round')
      .values({
        instance: 'test',
        started_at: new Date(time.now),
        finished_at: new Date(time.now),
        error,
      })
      .execute();
  const failures = async () => (await open()).filter((alarm) => alarm.kind === 'index-failure');
  const derive = () => deriveIndexFailureAlarms(database.db, new Date(time.now), defaultAlarmRules);

  it('raises one critical alarm when a round failed twice in a row, and clears it when it succeeds', async () => {
    await round('The platform answered 502.');
    await derive();
    expect(await failures()).toEqual([]);
    time.now += 10 * minute;
    await round('The platform answered 503.');
    await derive();
    await derive();
    const [failing, ...more] = await failures();
    expect(more).toEqual([]);
    expect(failing).toMatchObject({ severity: 'critical', buildingId: '', clearedAt: null });
    expect(alarmWhat(failing!)).toBe(
      'The conditions round (current values) failed twice in a row: The platform answered 503.',
    );
    expect(alarmWhere(failing!)).toBe('Storey’s portfolio index');
    time.now += 10 * minute;
    await round(null);
    await derive();
    expect((await failures())[0]).toMatchObject({ id: failing!.id, clearedAt: expect.any(String) });
  });

  it('takes a feature the platform does not offer for what it is, not a failure', async () => {
    for (let index = 0; index < 3; index++) {
      time.now += 10 * minute;
      await round(notEnabledReason(featureWords.currentValues.noun));
      await derive();
    }
    expect((await failures()).filter((alarm) => alarm.clearedAt === null)).toEqual([]);
  });
});
