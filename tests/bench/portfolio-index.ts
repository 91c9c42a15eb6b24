import { print } from 'graphql';
import pMap from 'p-map';
import { buildingOutlineByIdQuery } from '@/api/get-building-outline';
import { build } from '../../server/cli/build.mjs';
import { writeSection } from './report-sections';
import {
  freePort,
  platformEnvironment,
  productionServer,
  startService,
  type Service,
} from '../support/processes';
import { figureRecorder, figureTable, percentile } from './figures';

export interface IndexFigure {
  group: string;
  name: string;
  value: string;
  target: string;
  met: boolean | undefined;
  command: string;
}

const group = 'Portfolio index';
const headers = { 'x-csrf': '1' };

/**
 * Asks `paths` one after another, round and round, until stopped: the latencies another client
 * sees while something else loads the server.
 */
function latencies(base: string, paths: string[]) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let next = 0; running; next++) {
      const started = performance.now();
      await (await fetch(`${base}${paths[next % paths.length]}`, { headers })).arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return {
        count: times.length,
        p99: times.length ? percentile(times, 0.99) : 0,
        max: times.length ? Math.max(...times) : 0,
      };
    },
  };
}

/** The questions the issue asks, and names of every kind, each asked 20 times. */
const searchQueries = [
  'Skyline Tower 2.09',
  'harbour kitchen',
  'Level 42 meeting',
  '2.09',
  'Skyline Tower',
  'lodz office',
  'batiment etoile',
  'server room 12',
  'reception',
  'Café Noir 3.1',
];

/**
 * The index beside the check it replaces, in one run, on the large profile (10,000 buildings,
 * 336,000 rooms): Storey as the image runs it, on its embedded database, with the emulator in a
 * process of its own (their memory is added up: the embedded default runs both in one process,
 * so the sum counts one Node runtime too many). First the sync Storey starts at listen; then
 * search; then the dashboard's former deep check (`use-background-check.ts` until 1c1613b: a
 * building's floors and its drill-down, three buildings at a time) on a sample, through the same
 * Storey: the work each browser did before the server checked the portfolio once.
 */
const checkConcurrency = 3;

export async function portfolioIndexBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  const emulatorPort = await freePort();
  const emulator = await startService(
    'server/cli/emulator.ts',
    { EMULATOR_PORT: String(emulatorPort), EMULATOR_PROFILE: 'large' },
    emulatorPort,
    '/api/Sites',
  );
  let storey: Service | undefined;
  try {
    const port = await freePort();
    storey = await startService(
      productionServer,
      { ...platformEnvironment(emulator), PORT: String(port), REQUESTS_IN_FLIGHT_MAX: '10000' },
      port,
      '/healthz',
    );
    const running = storey;
    const together = () => running.rssMegabytes() + emulator.rssMegabytes();
    const atStart = { storey: running.rssMegabytes(), emulator: emulator.rssMegabytes() };
    let peak = together();
    let storeyPeak = atStart.storey;
    const sampler = setInterval(() => {
      peak = Math.max(peak, together());
      storeyPeak = Math.max(storeyPeak, running.rssMegabytes());
    }, 250);
    let status: {
      state: string;
      latest: {
        startedAt: string;
        finishedAt: string | null;
        platformRequests: number;
        error: string | null;
      } | null;
      served: { buildings: number; rooms: number } | null;
    };
    // How long /healthz takes while the sync runs: the embedded database works in its own
    // thread (third security review, H1: 9.2 s at worst when it ran in the server's).
    const duringSync = latencies(running.url, ['/healthz']);
    for (;;) {
      status = await (await fetch(`${running.url}/api/index/status`, { headers })).json();
      if (status.state === 'ready' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    clearInterval(sampler);
    const syncHealth = await duringSync.stop();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = together();
    const latest = status.latest!;
    const seconds = (Date.parse(latest.finishedAt!) - Date.parse(latest.startedAt)) / 1000;
    record({
      group,
      name: `Sync of the large profile (${status.served?.buildings ?? 0} buildings, ${status.served?.rooms ?? 0} rooms), embedded database`,
      value: status.state === 'ready' ? `${seconds.toFixed(1)} s` : `failed: ${latest.error}`,
      target: '≤ 90 s',
      met: status.state === 'ready' && seconds <= 90,
      command,
    });
    record({
      group,
      name: 'Platform requests of that sync (root GraphQL pages of 1,000)',
      value: `${latest.platformRequests}`,
      target: '≤ 1,000',
      met: latest.platformRequests <= 1000,
      command,
    });
    record({
      group,
      name: `/healthz while the sync runs: p99 over ${syncHealth.count} requests (and the slowest)`,
      value: `${syncHealth.p99.toFixed(0)} ms (${syncHealth.max.toFixed(0)} ms)`,
      target: '≤ 200 ms',
      met: syncHealth.p99 <= 200,
      command,
    });
    record({
      group,
      name: 'Resident memory of the two processes above, Storey with its embedded database + the emulator: peak during the sync · 5 s after',
      value: `${peak.toFixed(0)} MB · ${after.toFixed(0)} MB (Storey alone: ${atStart.storey.toFixed(0)} MB when it answered, ${storeyPeak.toFixed(0)} MB at its peak; the emulator ${atStart.emulator.toFixed(0)} MB when Storey answered)`,
      target: 'reported (two Node runtimes)',
      met: undefined,
      command,
    });

    /** Every query 20 times, one after another: p50, p95 and the three slowest queries' p95. */
    const searchRounds = async () => {
      const times: number[] = [];
      const worst: Array<[string, number]> = [];
      for (const query of searchQueries) {
        const own: number[] = [];
        for (let round = 0; round < 20; round++) {
          const started = performance.now();
          const answer = await fetch(
            `${running.url}/api/index/search?${new URLSearchParams({ q: query, limit: '50' }).toString()}`,
            { headers },
          );
          await answer.arrayBuffer();
          own.push(performance.now() - started);
        }
        times.push(...own);
        worst.push([query, percentile(own, 0.95)]);
      }
      worst.sort((a, b) => b[1] - a[1]);
      return {
        p95: percentile(times, 0.95),
        text: `${percentile(times, 0.95).toFixed(0)} ms (p50 ${percentile(times, 0.5).toFixed(0)} ms; slowest: ${worst
          .slice(0, 3)
          .map(([query, ms]) => `“${query}” ${ms.toFixed(0)} ms`)
          .join(', ')})`,
      };
    };
    // Right after the sync Storey reads its first rounds of conditions and energy (a meter's
    // 60 days for every building) into the same database: searches wait their turn behind them.
    const beside = await searchRounds();
    // Then once Storey is idle (under 5 % of a core for 2 s): what a search costs on its own.
    for (let waited = 0; waited < 180; waited += 2) {
      const before = running.cpuSeconds();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (running.cpuSeconds() - before < 0.1) break;
    }
    const settled = await searchRounds();
    // The costliest reads a person may send, 16 at a time (the in-flight cap) for 15 s, while
    // another client asks for /healthz and a relayed listing (third security review, H1).
    const costly = [
      '/api/index/search?q=r&limit=200&offset=10000',
      '/api/index/search?q=room%20r&limit=200&offset=10000',
      '/api/index/search?q=1&limit=200',
      '/api/index/quality/findings?limit=5000',
      '/api/index/attention?limit=5000',
    ];
    const others = latencies(running.url, ['/healthz', '/api/Sites?take=50']);
    let sent = 0;
    const until = performance.now() + 15_000;
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        for (let next = worker; performance.now() < until; next += 16) {
          await (
            await fetch(`${running.url}${costly[next % costly.length]}`, { headers })
          ).arrayBuffer();
          sent++;
        }
      }),
    );
    const underLoad = await others.stop();
    record({
      group,
      name: `/healthz and a relayed listing under the costliest index reads (${sent} in 15 s, 16 at a time): p99 over ${underLoad.count} requests (and the slowest)`,
      value: `${underLoad.p99.toFixed(0)} ms (${underLoad.max.toFixed(0)} ms)`,
      target: '≤ 200 ms',
      met: underLoad.p99 <= 200,
      command,
    });
    record({
      group,
      name: `Search at ${status.served?.rooms ?? 0} rooms, Storey idle after the sync and its first rounds: p95 over ${searchQueries.length} queries × 20 (loopback HTTP included)`,
      value: settled.text,
      target: '≤ 50 ms',
      met: settled.p95 <= 50,
      command,
    });
    record({
      group,
      name: 'The same searches right after the sync, beside the first rounds of conditions and energy',
      value: beside.text,
      target: 'reported',
      met: undefined,
      command,
    });

    // The deep check as the dashboard runs it, on every 50th building (200 of 10,000).
    const buildings: Array<{ id: string }> = [];
    for (let skip = 0; ; skip += 1000) {
      const page: Array<{ id: string }> = await (
        await fetch(`${running.url}/api/Buildings?take=1000&skip=${skip}`, { headers })
      ).json();
      buildings.push(...page);
      if (page.length < 1000) break;
    }
    const sample = buildings.filter((_, index) => index % 50 === 0);
    const document = print(buildingOutlineByIdQuery);
    const started = performance.now();
    await pMap(
      sample,
      async (building) => {
        await (
          await fetch(`${running.url}/api/Buildings/${building.id}/Floors`, { headers })
        ).arrayBuffer();
        await (
          await fetch(`${running.url}/graphql`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ query: document, variables: { id: building.id } }),
          })
        ).arrayBuffer();
      },
      { concurrency: checkConcurrency },
    );
    const perBuilding = (performance.now() - started) / 1000 / sample.length;
    const whole = (perBuilding * buildings.length) / 60;
    record({
      group,
      name: `The browser's deep check it replaces, its requests alone (no tab's work), same Storey, same run (${sample.length} of ${buildings.length} buildings, ${checkConcurrency} at a time, extrapolated)`,
      value: `${(1 / perBuilding).toFixed(1)} buildings/s: ${whole.toFixed(0)} min and ${2 * buildings.length} requests for the portfolio, per browser, against the index's ${seconds.toFixed(0)} s and ${latest.platformRequests} requests for everyone`,
      target: 'reported',
      met: undefined,
      command,
    });
  } finally {
    await storey?.stop();
    await emulator.stop();
  }
  await embeddedDefaultMemory(record, command);
  await writeSection(
    'portfolio-index',
    [
      '## Portfolio index (`npm run bench:index`, also part of `npm run bench`)',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.version}: the large profile, Storey as the image runs it on its embedded database, the emulator in a process of its own. ${whyMissed}`,
      '',
      ...figureTable(figures),
    ].join('\n'),
  );
}

/**
 * The embedded default as `npm start` runs it (the image's node flags), on the large profile: one
 * process holding Storey, its embedded database and the emulator. Sampled from its start until it
 * has been idle for 2 s (its sync and first rounds of conditions and energy done), then 5 s on.
 */
async function embeddedDefaultMemory(record: (figure: IndexFigure) => void, command: string) {
  const port = await freePort();
  const embedded = await startService(
    productionServer,
    { PORT: String(port), EMULATOR_PROFILE: 'large' },
    port,
    '/readyz',
  );
  try {
    const started = performance.now();
    let peak = embedded.rssMegabytes();
    const sampler = setInterval(() => {
      peak = Math.max(peak, embedded.rssMegabytes());
    }, 250);
    let idleAfter = 0;
    for (;;) {
      const before = embedded.cpuSeconds();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (embedded.cpuSeconds() - before < 0.1 && performance.now() - started > 20_000) {
        idleAfter = (performance.now() - started) / 1000;
        break;
      }
      if (performance.now() - started > 300_000) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    clearInterval(sampler);
    const after = embedded.rssMegabytes();
    peak = Math.max(peak, after);
    record({
      group,
      name: 'Resident memory of the embedded default (`npm start`: Storey, its embedded database and the emulator in one process), large profile: peak from start until idle after its sync and first rounds · 5 s after',
      value: `${peak.toFixed(0)} MB · ${after.toFixed(0)} MB (idle ${idleAfter ? `${idleAfter.toFixed(0)} s after start` : 'not within 5 minutes'})`,
      target: '≤ 700 MB',
      met: peak <= 700,
      command,
    });
  } finally {
    await embedded.stop();
  }
}

const whyMissed =
  'Memory: PGlite is PostgreSQL in WebAssembly inside Storey (decision 0010). Its initdb runs once, in a child process, into a template each embedded index copies (in Storey\u2019s own process it left about 170 MB behind); the sync collects garbage every 20,000 rows written; the emulator makes floors from their seed when asked and keeps a catalogue of ids and names rather than every room\u2019s record. The two-process figure counts a second Node runtime and the emulator\u2019s own peak while it serves the sync\u2019s pages; the embedded default is one process, which is what the target names. With DATABASE_URL the database\u2019s memory is PostgreSQL\u2019s, not Storey\u2019s. Search reads tiers in turn (own names whole, own names by word starts, then places found through their level or building) and counts only where the page needs it; its slowest query is a word in tens of thousands of names (\u201creception\u201d, 25,000 rooms), which the first tier still sorts whole, so the p95 moves around the target from run to run on this shared machine. Right after the sync the first rounds of conditions and energy hold the embedded database\u2019s one connection with their own statements, and searches wait their turn (reported separately).';

if (process.argv[1]?.endsWith('portfolio-index.ts')) {
  build({ ifStale: true });
  await portfolioIndexBenchmarks('npm run bench:index');
  process.exit(0);
}
