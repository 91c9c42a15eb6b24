import { afterAll, beforeAll } from 'vitest';
import { defaultComfortBands } from '@/shared/rules/comfort';
import { comfortRulesOf } from '@/shared/rules/space-bands';
import { defaultComfortHours } from '@/shared/rules/comfort';
import type { PlatformGateway } from '../../../server/platform/gateway';
import { attentionList } from '../../../server/portfolio-index/conditions/attention';
import { defaultAlarmRules, type AlarmRules } from '../../../server/portfolio-index/alarms/rules';
import { refreshConditions } from '../../../server/portfolio-index/conditions/refresh';
import {
  openIndexDatabase,
  type IndexDatabase,
} from '../../../server/portfolio-index/core/database';
import { createPlatformPages } from '../../../server/portfolio-index/core/platform-pages';

export const minute = 60_000;
export const start = Date.UTC(2026, 10, 24, 9, 0);
const runId = 1;

/** A current value as the platform writes one (field notes), of a room's own sensor. */
export const value = (
  id: string,
  room: string,
  type: string,
  reading: number | string,
  at: number,
  unit: string,
) => ({
  id,
  name: type.replace(/_/g, ' '),
  ontologyType: type,
  unit,
  value: reading,
  timestamp: new Date(at).toISOString(),
  spaceId: room,
  measuredId: room,
  floorId: 'floor-1',
});

/**
 * The conditions refresh over an embedded index of one site with two buildings (one without
 * devices) and three rooms, with the platform's answers written by hand: `answers` is what the
 * platform says of each building's current values now, `time.now` the clock both read.
 */
export function handWrittenConditions(alarms: AlarmRules = defaultAlarmRules) {
  const context = {
    database: undefined as unknown as IndexDatabase,
    time: { now: start },
    /** What the platform answers for a building's current values now, by building id. */
    answers: {} as Record<string, { status: number; values?: unknown[] }>,
    asked: [] as string[],
    /** One round; `extra` overrides its options (a test's own `readsFirst`, say). */
    round: undefined as unknown as (
      extra?: Partial<Parameters<typeof refreshConditions>[0]>,
    ) => ReturnType<typeof refreshConditions>,
    listed: undefined as unknown as () => Promise<
      Awaited<ReturnType<typeof attentionList>>['readings']
    >,
  };
  const { time, asked } = context;
  // Only the call the refresh makes; `satisfies` keeps it in step with the gateway's names.
  const gateway = {
    async readListingWhole(pathAndQuery: string) {
      asked.push(pathAndQuery);
      const buildingId = /\/api\/Buildings\/([^/]+)\//.exec(pathAndQuery)?.[1] ?? '';
      const answer = context.answers[decodeURIComponent(buildingId)] ?? { status: 404 };
      const body = JSON.stringify(answer.values ?? ['Not found']);
      return {
        status: answer.status,
        headers: { 'x-total-count': String(answer.values?.length ?? 0) },
        body: Buffer.from(body),
      };
    },
  } satisfies Pick<PlatformGateway, 'readListingWhole'> as unknown as PlatformGateway;

  context.round = (extra = {}) =>
    refreshConditions({
      db: context.database.db,
      pages: createPlatformPages({
        gateway,
        wait: async () => {},
        pageSize: 5000,
        concurrency: 2,
        signal: new AbortController().signal,
        budget: 50,
      }),
      comfort: comfortRulesOf(defaultComfortBands),
      hours: defaultComfortHours,
      alarms,
      clock: { now: () => time.now },
      instance: 'test',
      concurrency: 2,
      ...extra,
    });
  context.listed = async () =>
    (
      await attentionList(
        context.database.db,
        runId,
        {},
        'worst',
        { offset: 0, limit: 100 },
        time.now,
      )
    ).readings;

  beforeAll(async () => {
    context.database = await openIndexDatabase({});
    const { db } = context.database;
    await db
      .insertInto('index_run')
      .values({
        instance: 'test',
        started_at: new Date(start),
        phase: 'done',
        outcome: 'done',
        unread: [],
      })
      .execute();
    await db.insertInto('index_current').values({ singleton: true, run_id: runId }).execute();
    await db
      .insertInto('indexed_site')
      .values({ run_id: runId, id: 'site-1', name: 'Harbour', organization_id: 'org' })
      .execute();
    const building = (id: string, devices: number) => ({
      run_id: runId,
      id,
      name: `Building ${id}`,
      reference_id: null,
      site_id: 'site-1',
      organization_id: 'org',
      organization_name: 'Org',
      area: 1000,
      floor_count: 1,
      space_count: 3,
      device_count: devices,
      measurement_count: devices * 2,
      counts_included: true,
    });
    await db
      .insertInto('indexed_building')
      .values([building('with-devices', 3), building('no-devices', 0)])
      .execute();
    await db
      .insertInto('indexed_level')
      .values({
        run_id: runId,
        id: 'floor-1',
        building_id: 'with-devices',
        position: 0,
        name: 'Ground',
        area: 500,
      })
      .execute();
    await db
      .insertInto('indexed_room')
      .values(
        ['a', 'b', 'c'].map((room) => ({
          run_id: runId,
          id: `room-${room}`,
          building_id: 'with-devices',
          level_id: 'floor-1',
          level_position: 0,
          name: `Room ${room.toUpperCase()}`,
          area: 20,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await context.database.close();
  });

  return context;
}
