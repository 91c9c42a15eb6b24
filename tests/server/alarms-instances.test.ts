/**
 * One open alarm per subject is the database's guarantee, not the refresh lock's (decision 0021):
 * two Storey instances on one real PostgreSQL raising the same subject 1,000 times at once leave
 * one open alarm and one "raised" event; raised again after it cleared, still one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { severityRank } from '@/shared/contracts/alarms';
import { raiseAlarm, type AlarmCandidate } from '../../server/portfolio-index/alarms/alarm-writes';
import { defaultAlarmRules } from '../../server/portfolio-index/alarms/rules';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { startPostgres, type RunningPostgres } from './support/postgres-server';

let postgres: RunningPostgres;
const instances: IndexDatabase[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  // One after the other: the second finds the schema the first migrated.
  instances.push(await openIndexDatabase({ url: postgres.url }));
  instances.push(await openIndexDatabase({ url: postgres.url }));
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await postgres?.stop();
});

const candidate: AlarmCandidate = {
  key: 'comfort:room-1:co2',
  kind: 'comfort',
  severity: severityRank.major,
  buildingId: 'building-1',
  levelKey: 'floor-1',
  levelName: 'Ground',
  roomId: 'room-1',
  roomName: 'Room 1',
  measure: 'co2',
  direction: 'high',
  measurementId: 'm-1',
  sensorName: 'CO2 sensor',
  value: 1400,
  unit: 'ppm',
  bandLow: null,
  bandHigh: 1000,
  readingAt: new Date(Date.UTC(2026, 10, 24, 10)),
};

const openRows = () =>
  instances[0]!.db
    .selectFrom('alarm')
    .select(['id', 're_raised'])
    .where('key', '=', candidate.key)
    .where((where) => where.or([where('cleared_at', 'is', null), where('acked_at', 'is', null)]))
    .execute();

it('keeps one open alarm when two instances raise one subject 1,000 times at once', async () => {
  const now = new Date(Date.UTC(2026, 10, 24, 10, 5));
  const outcomes = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      raiseAlarm(instances[i % 2]!.db, candidate, now, defaultAlarmRules),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.raised)).toHaveLength(1);
  expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(1);
  expect(await openRows()).toHaveLength(1);
  const events = await instances[1]!.db.selectFrom('alarm_event').select('type').execute();
  expect(events.map((event) => event.type)).toEqual(['raised']);
}, 60_000);

it('raises a cleared, unacknowledged alarm again once, however many raise it at once', async () => {
  const [open] = await openRows();
  await instances[0]!.db
    .updateTable('alarm')
    .set({ cleared_at: new Date(Date.UTC(2026, 10, 24, 10, 15)) })
    .where('id', '=', open!.id)
    .execute();
  const now = new Date(Date.UTC(2026, 10, 24, 10, 25));
  await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      raiseAlarm(instances[i % 2]!.db, candidate, now, defaultAlarmRules),
    ),
  );
  expect(await openRows()).toEqual([{ id: open!.id, re_raised: 1 }]);
  const events = await instances[0]!.db
    .selectFrom('alarm_event')
    .select('type')
    .where('type', '=', 're-raised')
    .execute();
  expect(events).toHaveLength(1);
}, 60_000);
