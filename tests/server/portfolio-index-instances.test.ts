import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { indexStatusSchema, type IndexStatus } from '@/api/get-index-status';
import { freePort, startService, type Service } from '../support/processes';
import { startPlatform, type RunningPlatform } from './support/harness';
import { startPostgres, type RunningPostgres } from './support/postgres-server';

/**
 * Three Storey processes on one real PostgreSQL: exactly one syncs at a time, and when it dies
 * mid-sync another takes over within one refresh period (the database lock dies with its
 * connection). The platform answers each call after 100 ms, so a sync takes seconds.
 */
let postgres: RunningPostgres;
let platform: RunningPlatform;
const instances: Service[] = [];
const refreshMinutes = 0.1; // six seconds
/** Conditions rounds every three seconds (the least Storey takes): three rounds wait less. */
const conditionsMinutes = 0.05;

beforeAll(async () => {
  postgres = await startPostgres();
  platform = await startPlatform({ faults: { latencyMs: 100 } });
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    instances.push(
      await startService(
        'server/cli/start.ts',
        {
          PORT: String(port),
          PLATFORM_BASE_URL: platform.settings.baseUrl,
          PLATFORM_AUTH_URL: platform.settings.authUrl,
          PLATFORM_TENANT_ID: platform.settings.tenantId,
          PLATFORM_CLIENT_ID: platform.settings.clientId,
          PLATFORM_CLIENT_SECRET: platform.settings.clientSecret,
          PLATFORM_SCOPE: platform.settings.scope,
          ALLOW_INSECURE_HTTP: 'true',
          DATABASE_URL: postgres.url,
          // Without sign-in, only this makes the status name the syncing host and process.
          INDEX_ADMINS: 'anonymous',
          INDEX_REFRESH_MINUTES: String(refreshMinutes),
          CONDITIONS_REFRESH_MINUTES: String(conditionsMinutes),
          // The energy round follows each conditions round on its instance; at 100 ms a call,
          // its default budget would keep that instance reading meters for minutes.
          ENERGY_REQUEST_BUDGET: '50',
          INDEX_PAGE_SIZE: '20',
          INDEX_SYNC_CONCURRENCY: '1',
          STOREY_EXIT_WITH_PID: String(process.pid),
        },
        port,
        '/healthz',
      ),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await platform?.close();
  await postgres?.stop();
});

const statusOf = async (instance: Service): Promise<IndexStatus> =>
  indexStatusSchema.parse(
    await (await fetch(`${instance.url}/api/index/status`, { headers: { 'x-csrf': '1' } })).json(),
  );

/** Asks every `ms` until `check` holds: the instances say what they do only when asked. */
async function until<T>(ask: () => Promise<T>, check: (value: T) => boolean, ms = 100) {
  for (;;) {
    const value = await ask();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

it('syncs on one instance at a time, and another takes over when it dies mid-sync', async () => {
  // One of them starts the first sync; catch it while it reads the rooms.
  const syncing = await until(
    () => statusOf(instances[0]!),
    (status) => status.latest?.outcome === 'running' && status.latest.phase === 'reading-rooms',
  );
  const pid = Number(syncing.latest!.instance!.split(':').pop());
  const victim = instances.find((instance) => instance.child.pid === pid)!;
  expect(victim).toBeDefined();
  victim.child.kill('SIGKILL');
  const survivors = instances.filter((instance) => instance !== victim);

  // Another instance finishes a sync of its own, and both survivors serve it.
  const ready = await until(
    () => statusOf(survivors[0]!),
    (status) => status.state === 'ready',
  );
  expect(Number(ready.latest!.instance!.split(':').pop())).not.toBe(pid);
  expect(ready.served?.buildings).toBe(platform.emulator.portfolio.buildings.length);
  expect((await statusOf(survivors[1]!)).served).toEqual(ready.served);

  // The database's record: the dead instance's run was marked interrupted, and no two syncs
  // ever ran at the same time.
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      instance: string;
      started_at: Date;
      finished_at: Date | null;
      outcome: string;
      error: string | null;
    }>('select instance, started_at, finished_at, outcome, error from index_run order by id');
    const killed = rows.find((row) => row.instance.endsWith(`:${pid}`));
    expect(killed).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/Interrupted/),
    });
    // The takeover, read from the instances' own record rather than this test's clock: the next
    // run began within one refresh period of the dead one (plus the seconds it ran before dying).
    const others = rows.filter((row) => row !== killed);
    const takeover = others.find((row) => row.started_at > killed!.started_at)!;
    expect(takeover.started_at.getTime() - killed!.started_at.getTime()).toBeLessThan(
      refreshMinutes * 60_000 + 60_000,
    );
    for (let i = 1; i < others.length; i++)
      expect(others[i]!.started_at.getTime()).toBeGreaterThanOrEqual(
        others[i - 1]!.finished_at!.getTime(),
      );
  } finally {
    await client.end();
  }
}, 180_000);

it('checks conditions on one instance at a time, and every instance serves the checks', async () => {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    // Rounds of the conditions refresh, every instance trying each period: wait for three.
    const rounds = await until(
      async () =>
        (
          await client.query<{ instance: string; started_at: Date; finished_at: Date | null }>(
            'select instance, started_at, finished_at from condition_round order by started_at',
          )
        ).rows,
      (rows) => rows.filter((row) => row.finished_at).length >= 3,
      250,
    );
    const finished = rounds.filter((row) => row.finished_at);
    for (let i = 1; i < finished.length; i++)
      expect(finished[i]!.started_at.getTime()).toBeGreaterThanOrEqual(
        finished[i - 1]!.finished_at!.getTime(),
      );
  } finally {
    await client.end();
  }
  // Whichever instance checked them, every instance serves the same checks: all buildings with
  // devices, after the first whole round.
  const alive = instances.filter(
    (instance) => instance.child.exitCode === null && !instance.child.killed,
  );
  expect(alive.length).toBe(2);
  for (const instance of alive) {
    const answer = (await (
      await fetch(`${instance.url}/api/index/attention`, { headers: { 'x-csrf': '1' } })
    ).json()) as { checks: { buildings: number; checked: number } };
    expect(answer.checks.buildings).toBeGreaterThan(0);
    expect(answer.checks.checked).toBe(answer.checks.buildings);
  }
}, 120_000);
