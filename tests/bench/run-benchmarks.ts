/**
 * `npm run bench`: every benchmark in one run on this machine, printed as a table and written to
 * docs/benchmarks.md. Figures are ratios and counts measured side by side, not lone absolute times.
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import { build } from '../../server/cli/build.mjs';
import { generatePortfolio, resolvePortfolioOptions } from '../../server/emulator/portfolio';
import { platformToken } from './peers/platform-token';
import { createTokenProvider, renewalMarginSeconds } from '../../server/platform/token-provider';
import { firstScreenBundle } from '../support/first-screen-bundle';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import {
  freePort,
  platformEnvironment,
  productionServer,
  startService,
  stopEverythingOnInterrupt,
  type Service,
} from '../support/processes';
import { portfolioIndexBenchmarks } from './portfolio-index';
import { energyRankingBenchmarks } from './energy-ranking';
import { accessScopesBenchmarks } from './access-scopes';
import { alarmsBenchmarks } from './alarms';
import { conditionsCoverageBenchmarks } from './conditions-coverage';
import { deepLinkBenchmarks } from './deep-link';
import { drillDownPairBenchmarks } from './drill-down-pair';
import { lighthouseAudits } from './lighthouse';
import { startPostgres } from '../server/support/postgres-server';
import {
  backScript,
  dataRequestsScript,
  dataSettled,
  signInInPage,
  timedNavigation,
} from './page-timing';
import { ownedSections, writeBenchmarksDocument } from './report-sections';

interface Figure {
  group: string;
  name: string;
  value: string;
  target: string;
  met: boolean | undefined;
  command: string;
  /** Why a missed target is missed, where its group's explanation does not say. */
  why?: string;
}
const figures: Figure[] = [];
const record = (figure: Figure) => {
  figures.push(figure);
  console.log(
    `${figure.met === undefined ? '·' : figure.met ? '✓' : '✗'} ${figure.group} — ${figure.name}: ${figure.value} (target ${figure.target})`,
  );
};
const bench = 'npm run bench';
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** "1.21–1.48 s": the range of a figure measured in rounds. */
const spread = (milliseconds: number[]) =>
  `${(Math.min(...milliseconds) / 1000).toFixed(2)}–${(Math.max(...milliseconds) / 1000).toFixed(2)} s`;
const browserRounds = 3;

/** The token a direct caller (and each peer) fetches once, with Storey's own PLATFORM_* settings. */
const directToken = (emulator: Service): Promise<string> =>
  platformToken(platformEnvironment(emulator));

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function control(emulator: Service, method: string, pathName: string, body?: unknown) {
  const response = await fetch(`${emulator.url}/__control/${pathName}`, {
    method,
    ...(body
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  return (await response.json()) as { requests: Array<{ kind: string }> };
}

let distinctQueries = 0;
let distinctPages = 0;

/** Names of the emulator's buildings, so each distinct query finds its building's levels. */
async function namesOfBuildings(emulator: Service, token: string): Promise<string[]> {
  const buildings = (await (
    await fetch(`${emulator.url}/api/Buildings?take=1000`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
    })
  ).json()) as Array<{ name: string | null }>;
  return buildings.flatMap((building) => (building.name ? [building.name] : []));
}

/** The drill-down query for one building: a GraphQL request body. */
const outlineBody = (name: string) =>
  JSON.stringify({
    query:
      'query Outline($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }',
    variables: { name },
    operationName: 'Outline',
  });

async function proxyCost(emulator: Service, bff: Service) {
  const token = await directToken(emulator);
  const names = await namesOfBuildings(emulator, token);
  // Every request distinct, so none is shared: what the BFF adds to one call, not what
  // coalescing saves (the peer comparison below shows that).
  const distinct = {
    rest: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          path: `/api/Buildings?take=100&skip=${(distinctPages += 1) % 900}`,
        }),
      },
    ],
    graphql: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          body: outlineBody(names[(distinctQueries += 1) % names.length]!),
        }),
      },
    ],
  };
  const graphqlBody = outlineBody('Harbour View');
  const targets = {
    rest: {
      direct: {
        url: `${emulator.url}/api/Buildings?take=100`,
        headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
        method: 'GET' as const,
      },
      bff: {
        url: `${bff.url}/api/Buildings?take=100`,
        headers: { 'x-csrf': '1' },
        method: 'GET' as const,
      },
    },
    graphql: {
      direct: {
        url: `${emulator.url}/graphql`,
        headers: {
          authorization: token,
          'content-type': 'application/json',
          'x-request-type': 'GraphQL',
          'x-api-version': '3.0',
        },
        method: 'POST' as const,
        body: graphqlBody,
      },
      bff: {
        url: `${bff.url}/graphql`,
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        method: 'POST' as const,
        body: graphqlBody,
      },
    },
  };
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  for (const [label, pair] of Object.entries(targets)) {
    for (const connections of [10, 50]) {
      const runs: Record<'direct' | 'bff', autocannon.Result[]> = { direct: [], bff: [] };
      // Interleaved rounds, so both sides see the same machine state.
      for (let round = 0; round < 2; round++) {
        for (const side of ['direct', 'bff'] as const) {
          runs[side].push(
            await load({
              ...pair[side],
              requests: distinct[label as keyof typeof distinct],
              connections,
              duration: seconds,
            }),
          );
        }
      }
      const rps = (side: 'direct' | 'bff') => median(runs[side].map((run) => run.requests.average));
      const p = (side: 'direct' | 'bff', key: 'p50' | 'p99') =>
        median(runs[side].map((run) => run.latency[key]));
      const errors = [...runs.direct, ...runs.bff].reduce(
        (sum, run) => sum + run.errors + run.non2xx,
        0,
      );
      const ratio = rps('bff') / rps('direct');
      const addedP50 = p('bff', 'p50') - p('direct', 'p50');
      const addedP99 = p('bff', 'p99') - p('direct', 'p99');
      const name =
        label === 'rest'
          ? 'GET /api/Buildings?take=100, distinct pages'
          : 'GraphQL building drill-down, distinct buildings';
      record({
        group: 'Proxy cost',
        name: `${name}, ${connections} connections: throughput BFF/direct`,
        value: `${(ratio * 100).toFixed(0)} % (${rps('bff').toFixed(0)} vs ${rps('direct').toFixed(0)} req/s; ${errors} errors)`,
        target: connections === 50 ? '≥ 60 %' : 'reported',
        met: connections === 50 ? ratio >= 0.6 : undefined,
        command: bench,
      });
      record({
        group: 'Proxy cost',
        name: `${name}, ${connections} connections: latency the BFF adds (p50 / p99)`,
        value: `${addedP50.toFixed(1)} ms / ${addedP99.toFixed(1)} ms`,
        target: connections === 10 ? '≤ 1 ms at p50' : 'reported',
        met: connections === 10 ? addedP50 <= 1 : undefined,
        command: bench,
      });
    }
  }
}

/** The proxies compared with Storey, each a process of its own started from tests/bench/peers. */
const peerEntries = {
  '@fastify/http-proxy': 'tests/bench/peers/fastify-http-proxy.ts',
  'express + http-proxy-middleware': 'tests/bench/peers/express-http-proxy-middleware.ts',
} as const;

/**
 * The same three workloads sent directly, through each peer and through Storey, at 10 and 100
 * connections in interleaved rounds: throughput, latency, proxy CPU per request (from /proc) and
 * resident memory, as ratios against the peers.
 */
async function peerComparison(emulator: Service, storey: Service) {
  const token = await directToken(emulator);
  const buildingNames = await namesOfBuildings(emulator, token);
  const peers: Record<string, Service> = {};
  for (const [name, entry] of Object.entries(peerEntries)) {
    const port = await freePort();
    peers[name] = await startService(
      entry,
      { ...platformEnvironment(emulator), PORT: String(port) },
      port,
      '/healthz',
    );
  }
  const graphqlBody = outlineBody('Harbour View');
  // Distinct workloads take each request from one sequence shared by every connection, with far
  // more entries than connections: requests in flight are never identical, so nothing is shared
  // and the figure is the cost of a request. (Each connection walking the same short list in
  // lockstep, as these workloads once did, measured Storey's coalescing instead: security review,
  // "Proxy cost, measured fairly".) The coalescing workloads, every request identical, say so.
  const workloads = [
    {
      name: '100-building pages, every request distinct',
      distinct: true,
      requests: [
        {
          method: 'GET' as const,
          path: '/api/Buildings?take=100',
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            path: `/api/Buildings?take=100&skip=${(distinctPages += 1) % 900}`,
          }),
        },
      ],
    },
    {
      name: '1,000-building page with counts (coalescing: every request identical)',
      distinct: false,
      requests: [{ method: 'GET' as const, path: '/api/Buildings?take=1000&includeCounts=true' }],
    },
    {
      name: 'GraphQL drill-down, spec query (coalescing: every request identical)',
      distinct: false,
      requests: [{ method: 'POST' as const, path: '/graphql', body: graphqlBody }],
    },
    {
      // Every query asks for another building, so nothing is shared: the cost of the checks
      // and the relay alone.
      name: 'GraphQL drill-down, every query distinct',
      distinct: true,
      requests: [
        {
          method: 'POST' as const,
          path: '/graphql',
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            body: outlineBody(buildingNames[(distinctQueries += 1) % buildingNames.length]!),
          }),
        },
      ],
    },
  ];
  type Side = { url: string; headers: Record<string, string>; process?: Service };
  const sides: Record<string, Side> = {
    direct: {
      url: emulator.url,
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
    },
    ...Object.fromEntries(
      Object.entries(peers).map(([name, service]) => [
        name,
        { url: service.url, headers: {}, process: service },
      ]),
    ),
    Storey: { url: storey.url, headers: { 'x-csrf': '1' }, process: storey },
  };
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  try {
    for (const workload of workloads) {
      for (const connections of [10, 100]) {
        const failures: Record<string, number> = {};
        const runs: Record<
          string,
          Array<{ rps: number; p50: number; p99: number; cpuMsPer1000?: number }>
        > = {};
        for (let round = 0; round < 2; round++) {
          for (const [name, side] of Object.entries(sides)) {
            const graphql = workload.requests[0]!.path === '/graphql';
            // GraphQL sent directly needs the token alone, as the spec says.
            const headers =
              name === 'direct' && graphql
                ? { authorization: token, 'x-request-type': 'GraphQL', 'x-api-version': '3.0' }
                : side.headers;
            const cpuBefore = side.process?.cpuSeconds();
            const result = await load({
              url: side.url,
              connections,
              duration: seconds,
              headers: { ...headers, ...(graphql ? { 'content-type': 'application/json' } : {}) },
              requests: workload.requests,
            });
            const cpu =
              side.process && cpuBefore !== undefined
                ? ((side.process.cpuSeconds() - cpuBefore) * 1000 * 1000) /
                  Math.max(1, result.requests.total)
                : undefined;
            (runs[name] ??= []).push({
              rps: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              ...(cpu !== undefined ? { cpuMsPer1000: cpu } : {}),
            });
            failures[name] = (failures[name] ?? 0) + result.errors + result.non2xx;
          }
        }
        const figure = (name: string, key: 'rps' | 'p50' | 'p99' | 'cpuMsPer1000') =>
          median(runs[name]!.map((run) => run[key] ?? Number.NaN));
        const proxies = Object.keys(sides).filter((name) => name !== 'direct');
        // A peer that answered nothing (express + http-proxy-middleware stalls on GraphQL POSTs
        // under autocannon here) is reported as such.
        const answered = (name: string) => figure(name, 'rps') > 0;
        record({
          group: 'Peers',
          name: `${workload.name}, ${connections} connections: req/s (p50 / p99 ms), direct · ${proxies.join(' · ')}`,
          value: ['direct', ...proxies]
            .map(
              (name) =>
                (answered(name)
                  ? `${figure(name, 'rps').toFixed(0)} (${figure(name, 'p50')}/${figure(name, 'p99')})`
                  : 'no answers') + (failures[name] ? ` [${failures[name]} failed]` : ''),
            )
            .join(' · '),
          target: workload.distinct ? 'Storey ≥ @fastify/http-proxy' : 'reported (coalescing)',
          met: workload.distinct
            ? figure('Storey', 'rps') >= figure('@fastify/http-proxy', 'rps')
            : undefined,
          command: bench,
        });
        const fastifyCpu = figure('@fastify/http-proxy', 'cpuMsPer1000');
        const ratio = figure('Storey', 'cpuMsPer1000') / fastifyCpu;
        record({
          group: 'Peers',
          name: `${workload.name}, ${connections} connections: proxy CPU ms per 1,000 requests, ${proxies.join(' · ')}`,
          value: `${proxies.map((name) => (answered(name) ? figure(name, 'cpuMsPer1000').toFixed(0) : 'n/a')).join(' · ')} (Storey ${ratio.toFixed(2)}× @fastify/http-proxy)`,
          target: workload.distinct ? '≤ 1.0× @fastify/http-proxy' : 'reported (coalescing)',
          met: workload.distinct ? ratio <= 1.0 : undefined,
          command: bench,
        });
      }
    }
    record({
      group: 'Peers',
      name: `Resident memory after the runs: ${[...Object.keys(peers), 'Storey'].join(' · ')}`,
      value: [...Object.values(peers), storey]
        .map((service) => `${service.rssMegabytes().toFixed(0)} MB`)
        .join(' · '),
      target: 'reported',
      met: undefined,
      command: bench,
    });
  } finally {
    for (const service of Object.values(peers)) await service.stop();
  }
}

async function tokenEconomy(emulator: Service, bffPort: number) {
  // Counted from before the start: Storey asks the platform what it offers as soon as it listens,
  // and that first call and the 1,000 below must share one token.
  await control(emulator, 'DELETE', 'requests');
  const cold = await startService(
    productionServer,
    {
      ...platformEnvironment(emulator),
      PORT: String(bffPort),
      RATE_LIMIT_MAX: '1000000',
      REQUESTS_IN_FLIGHT_MAX: '10000',
    },
    bffPort,
    '/healthz',
  );
  await Promise.all(
    Array.from({ length: 1000 }, (_, index) =>
      fetch(`${cold.url}/api/Buildings?take=1&skip=${index}`, { headers: { 'x-csrf': '1' } }),
    ),
  );
  const tokens = (await control(emulator, 'GET', 'requests')).requests.filter(
    (entry) => entry.kind === 'token',
  ).length;
  await cold.stop();
  record({
    group: 'Token economy',
    name: 'Start and 1,000 concurrent cold calls: token requests',
    value: String(tokens),
    target: 'exactly 1',
    met: tokens === 1,
    command: bench,
  });

  // A simulated hour (a fake clock, real token provider) with 30-second tokens and a call every 100 ms.
  let now = 0;
  let issued = 0;
  let expiresAt = 0;
  let expiredUses = 0;
  const provider = createTokenProvider({
    now: () => now,
    requestToken: async () => {
      issued += 1;
      expiresAt = now + 30_000;
      return { value: `token-${issued}`, expiresInSeconds: 30 };
    },
  });
  for (; now < 3_600_000; now += 100) {
    await provider.getToken();
    if (now >= expiresAt) expiredUses += 1;
  }
  // Renewal ahead of expiry is what keeps every call's token valid: the honest count is one token
  // per (lifetime − renewal margin), ⌈3600 / (30 − 1)⌉ = 125, not one per lifetime.
  const expected = Math.ceil(3600 / (30 - renewalMarginSeconds(30)));
  record({
    group: 'Token economy',
    name: 'Simulated hour, 30 s tokens, a call every 100 ms: token requests / calls with an expired token',
    value: `${issued} / ${expiredUses}`,
    target: `⌈3600 / (lifetime − renewal margin)⌉ = ${expected} / 0`,
    met: expiredUses === 0 && issued === expected,
    command: bench,
  });
}

async function shielding(emulator: Service, bff: Service) {
  await control(emulator, 'PUT', 'faults', { latencyMs: 200 });
  await control(emulator, 'DELETE', 'requests');
  await Promise.all(
    Array.from({ length: 100 }, () =>
      fetch(`${bff.url}/api/Buildings`, { headers: { 'x-csrf': '1' } }),
    ),
  );
  const upstream = (await control(emulator, 'GET', 'requests')).requests.filter(
    (entry) => entry.kind === 'rest',
  ).length;
  await control(emulator, 'DELETE', 'faults');
  record({
    group: 'Shielding',
    name: '100 concurrent identical GET /api/Buildings: platform calls',
    value: String(upstream),
    target: '1',
    met: upstream === 1,
    command: bench,
  });
}

/**
 * Issue #28's budget for current values: a hundred people looking at one floor cost the platform
 * one call per cache period. Side by side: Storey as configured (CURRENT_VALUES_TTL_SECONDS, 30)
 * and the same BFF with sharing off (0), as every request was relayed before.
 */
async function currentValuesSharing(emulator: Service, shared: Service) {
  const port = await freePort();
  const unshared = await startService(
    productionServer,
    {
      ...platformEnvironment(emulator),
      PORT: String(port),
      RATE_LIMIT_MAX: '100000000',
      REQUESTS_IN_FLIGHT_MAX: '10000',
      CURRENT_VALUES_TTL_SECONDS: '0',
    },
    port,
    '/readyz',
  );
  try {
    const ask = (path: string) =>
      fetch(`${shared.url}${path}`, { headers: { 'x-csrf': '1' } }).then(
        (response) => response.json() as Promise<Array<{ id: string; deviceCount?: number }>>,
      );
    // Floors with devices not read before in this run, so no earlier answer is shared. The
    // listing's counts may be left out (includesDeviceAndMeasurementCounts); a floor's are not.
    const floors: string[] = [];
    for (const building of await ask('/api/Buildings?take=20')) {
      for (const floor of await ask(`/api/Buildings/${building.id}/Floors`))
        if ((floor.deviceCount ?? 0) > 0) floors.push(floor.id);
      if (floors.length >= 2) break;
    }
    if (floors.length < 2) throw new Error('The emulator has no two floors with devices.');
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    const periods = Math.max(1, Math.ceil(seconds / 30));
    const callsFor = async (bff: Service, floorId: string) => {
      await control(emulator, 'DELETE', 'requests');
      const result = await load({
        url: `${bff.url}/api/Floors/${floorId}/MeasurementValues`,
        headers: { 'x-csrf': '1' },
        connections: 100,
        duration: seconds,
      });
      const calls = (
        (await control(emulator, 'GET', 'requests')).requests as Array<{ path?: string }>
      ).filter((entry) => entry.path?.endsWith(`/Floors/${floorId}/MeasurementValues`)).length;
      return { calls, answered: result.requests.total };
    };
    const storey = await callsFor(shared, floors[0]!);
    const before = await callsFor(unshared, floors[1]!);
    record({
      group: 'Current values',
      name: `100 viewers of one floor for ${seconds} s (${storey.answered.toLocaleString('en-US')} answers): platform calls per ${30}-s period; sharing off beside it (${before.answered.toLocaleString('en-US')} answers)`,
      value: `${(storey.calls / periods).toFixed(0)} (sharing off: ${(before.calls / periods).toLocaleString('en-US')})`,
      target: '≤ 1',
      met: storey.calls / periods <= 1,
      command: bench,
    });
  } finally {
    await unshared.stop();
  }
}

/**
 * Starts watching, in the page, for the History panel to show its loading state (a new range was
 * asked for) and then to have drawn its charts: no loading state, the CSV button (which counts
 * the readings) and at least `lines` line paths. Checked at every frame and stamped at the frame
 * after (painted), so the figure carries no polling delay (Playwright's locator waits poll at up
 * to 500 ms). Call before the click; resolves to the page's Date.now() when drawn.
 */
const historyDrawnScript = (lines: number) =>
  `(() => {
    window.storeyHistoryDrawn = new Promise((resolve) => {
      const loading = () =>
        document.querySelector('[aria-label="Loading the history"], [aria-label="Loading the charts"]') !== null;
      const drawn = () =>
        !loading() &&
        [...document.querySelectorAll('button')].some((button) => /^Download CSV \\(/.test(button.textContent ?? '')) &&
        document.querySelectorAll('.recharts-line-curve').length >= ${lines};
      let asked = false;
      const check = () => {
        asked ||= loading();
        if (asked && drawn()) requestAnimationFrame(() => resolve(Date.now()));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  })()`;

const percentile = (values: number[], rank: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)]!;
};

/**
 * When the page's latest history answer spanning at least `days` ended (its last byte in, by the
 * page's wall clock, which `historyDrawnScript` also reads), and where it was asked; waits up to
 * 30 s for the page to ask, and fails on an answer other than 200 (the page would draw nothing).
 */
async function historyAnswerEnded(page: Page, days: number): Promise<{ at: number; url: string }> {
  const found = (await page.evaluate(`(async () => {
    const asked = () => window.storeyDataRequests.findLast((request) => {
      if (!request.path.endsWith('/HistoricalValues')) return false;
      const range = new URLSearchParams(request.search);
      return Date.parse(range.get('to') ?? '') - Date.parse(range.get('from') ?? '') >= ${days} * 24 * 3600000;
    });
    const deadline = performance.now() + 30000;
    while (!asked() && performance.now() < deadline)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    const entry = asked();
    return entry ? { ...(await entry.ended), url: entry.path + entry.search } : null;
  })()`)) as { at: number; status: number; url: string } | null;
  if (!found) throw new Error(`The page asked for no history of ${days} days or more within 30 s.`);
  if (found.status !== 200)
    throw new Error(`The history of ${days} days was answered ${found.status}: ${found.url}`);
  return found;
}

async function watchHistoryDrawn(page: Page, lines: number): Promise<() => Promise<number>> {
  await page.evaluate(historyDrawnScript(lines));
  return async () => (await page.evaluate('window.storeyHistoryDrawn')) as number;
}

async function dashboardAtScale() {
  const port = await freePort();
  const storey = await startService(
    productionServer,
    {
      PORT: String(port),
      EMULATOR_PROFILE: 'large',
      RATE_LIMIT_MAX: '1000000',
      REQUESTS_IN_FLIGHT_MAX: '10000',
    },
    port,
    '/readyz',
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // The embedded default signs people in; measure what a signed-in person waits for.
    await signInInPage(page, storey.url, '/sites');
    await page.getByRole('table', { name: 'Sites' }).waitFor();
    // Measured as a running deployment is used: after the index's first sync of the 10,000
    // buildings, its first conditions round and its first energy round, which otherwise share the
    // two cores with every navigation below (their own cost is `npm run bench:index`'s; the next
    // rounds start 10 minutes later).
    const settled = async () => {
      const read = async (path: string) =>
        (await page.request.get(`${storey.url}${path}`, { headers: { 'x-csrf': '1' } })).json();
      const status = (await read('/api/index/status')) as { state: string };
      if (status.state !== 'ready') return false;
      const attention = (await read('/api/index/attention?limit=1')) as {
        checks?: { lastRound?: { finishedAt?: string | null } | null };
      };
      // and its first energy round, which reads meter days after the conditions round.
      const energy = (await read('/api/index/energy?limit=1')) as { rankedAt?: string | null };
      return Boolean(attention.checks?.lastRound?.finishedAt) && Boolean(energy.rankedAt);
    };
    for (const deadline = Date.now() + 10 * 60_000; !(await settled());) {
      if (Date.now() > deadline) throw new Error('The index did not settle within 10 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const graphqlCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlCalls.push(request.url());
    });
    // Navigation figures are noise-bound on two shared cores: three rounds each, median and spread.
    const portfolioRounds: number[] = [];
    for (let round = 0; round < browserRounds; round++) {
      const started = Date.now();
      await page.goto(`${storey.url}/`);
      await page.getByRole('table', { name: 'Buildings' }).getByRole('link').first().waitFor();
      // The charts sit below 10,000 rows and load as they come near: scrolled to at once.
      await page.getByRole('region', { name: 'Charts' }).scrollIntoViewIfNeeded();
      await page
        .getByRole('figure', { name: 'The 10 largest buildings' })
        .getByRole('img')
        .waitFor();
      portfolioRounds.push(Date.now() - started);
      await page.evaluate('window.scrollTo(0, 0)');
    }
    const portfolioMs = median(portfolioRounds);
    record({
      group: 'Dashboard at scale',
      name: `10,000 buildings: navigation to table rendered and charts scrolled to and drawn (median of ${browserRounds}, ${spread(portfolioRounds)})`,
      value: `${(portfolioMs / 1000).toFixed(2)} s`,
      target: '≤ 2 s',
      met: portfolioMs <= 2000,
      command: bench,
    });
    const rowsInDom = await page.locator('table[aria-label="Buildings"] tbody tr').count();
    record({
      group: 'Dashboard at scale',
      name: '10,000 buildings: table rows in the DOM',
      value: String(rowsInDom),
      target: '< 200',
      met: rowsInDom < 200,
      command: bench,
    });

    // Wheel-scrolling the 10,000-row table: frame times from requestAnimationFrame in the page.
    const table = page.getByRole('table', { name: 'Buildings' });
    await table.scrollIntoViewIfNeeded();
    await page.mouse.move(700, 500);
    // A string, not a function: tsx would wrap a named arrow in a helper the page does not have.
    await page.evaluate(`(() => {
      const frames = [];
      window.storeyFrames = frames;
      let last = performance.now();
      const tick = (time) => {
        frames.push(time - last);
        last = time;
        if (frames.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    for (let step = 0; step < 120; step++) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(16);
    }
    const frames = ((await page.evaluate('window.storeyFrames')) as number[])
      .slice(2)
      .sort((a, b) => a - b);
    const p95 = frames[Math.floor(frames.length * 0.95)] ?? Number.NaN;
    record({
      group: 'Dashboard at scale',
      name: `10,000 buildings: wheel-scrolling the table, frame time p95 (max ${frames.at(-1)?.toFixed(0)} ms, ${frames.length} frames)`,
      value: `${p95.toFixed(1)} ms`,
      target: '≤ 20 ms',
      met: p95 <= 20,
      command: bench,
    });

    const buildings = (await (
      await page.request.get(`${storey.url}/api/Buildings?take=1`, { headers: { 'x-csrf': '1' } })
    ).json()) as Array<{ id: string }>;
    const towerId = buildings[0]!.id;
    const towerRounds: number[] = [];
    for (let round = 0; round < browserRounds; round++) {
      graphqlCalls.length = 0;
      const started = Date.now();
      await page.goto(`${storey.url}/buildings/${towerId}`);
      await page.getByRole('list', { name: 'Floors' }).getByRole('link').first().waitFor();
      towerRounds.push(Date.now() - started);
    }
    const towerMs = median(towerRounds);
    record({
      group: 'Dashboard at scale',
      name: `Tower of 200 levels × 100 rooms: navigation to the levels outline (median of ${browserRounds}, ${spread(towerRounds)})`,
      value: `${(towerMs / 1000).toFixed(2)} s`,
      target: '≤ 1.5 s',
      met: towerMs <= 1500,
      command: bench,
    });

    const drillDown = graphqlCalls.length;
    // Issue #28's budgets: the floor's conditions in one request, the whole room page in two (its
    // current values and its devices, which also name its history's series); each is at most one
    // platform call (fewer when shared).
    await page.waitForLoadState('networkidle');
    const conditionsCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/(MeasurementValues|Devices)(\?|$)/.test(new URL(request.url()).pathname))
        conditionsCalls.push(request.url());
    });
    await page.getByRole('link', { name: 'Level 195', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Level 195' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The floor's conditions are its current values; its Devices answer names the history's series.
    const floorCalls = conditionsCalls.filter((url) => url.includes('/MeasurementValues')).length;
    const beforeRoom = conditionsCalls.length;
    await page.getByRole('table', { name: 'Rooms' }).getByRole('link').nth(42).click();
    await page.getByRole('table', { name: 'Room details' }).waitFor();
    await page.waitForLoadState('networkidle');
    const roomCalls = conditionsCalls.length - beforeRoom;
    record({
      group: 'Current values',
      name: "Requests for conditions: a floor's current values / a room page's values and devices",
      value: `${floorCalls} / ${roomCalls}`,
      target: '1 / ≤ 2',
      met: floorCalls === 1 && roomCalls <= 2,
      command: bench,
    });
    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: 'Level 195' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Level 195' }).waitFor();
    record({
      group: 'Dashboard at scale',
      name: 'GraphQL requests: building drill-down / then moving between its levels and rooms',
      value: `${drillDown} / ${graphqlCalls.length - drillDown}`,
      target: '1 / 0',
      met: drillDown === 1 && graphqlCalls.length === 1,
      command: bench,
    });

    // Issue #27: click → the next screen's content, building → floor → room and back, five
    // rounds on five floors of the tower (the first visit of each floor and room, then Back).
    const towerUrl = `${storey.url}/buildings/${towerId}`;
    await page.addInitScript(dataRequestsScript);
    await page.goto(towerUrl);
    const towerName =
      (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? 'Skyline Tower';
    await page.getByRole('list', { name: 'Floors' }).getByRole('link').first().waitFor();
    await dataSettled(page);
    const steps: Array<{ step: string; ms: number; requestMs: number | null }> = [];
    for (let round = 0; round < 5; round++) {
      const level = `Level ${190 - round * 3}`;
      steps.push({
        step: 'building → floor',
        ...(await timedNavigation(
          page,
          () => page.getByRole('link', { name: level, exact: true }).click(),
          { heading: level, selector: 'table[aria-label="Rooms"] tbody tr a' },
        )),
      });
      const room = page
        .getByRole('table', { name: 'Rooms' })
        .getByRole('link')
        .nth(round * 7);
      steps.push({
        step: 'floor → room',
        ...(await timedNavigation(page, () => room.click(), {
          selector: 'table[aria-label="Room details"]',
        })),
      });
      steps.push({
        step: 'room → floor (Back)',
        ...(await timedNavigation(page, () => page.evaluate(backScript), {
          heading: level,
          selector: 'table[aria-label="Rooms"] tbody tr a',
        })),
      });
      steps.push({
        step: 'floor → building (Back)',
        ...(await timedNavigation(page, () => page.evaluate(backScript), {
          heading: towerName,
          selector: '[aria-label="Floors"] a',
        })),
      });
    }
    const clickTimes = steps.map((step) => step.ms);
    const requestDelays = steps.flatMap((step) =>
      step.requestMs === null ? [] : [step.requestMs],
    );
    const clickP50 = percentile(clickTimes, 50);
    const clickP95 = percentile(clickTimes, 95);
    const slowest = steps.reduce((worst, step) => (step.ms > worst.ms ? step : worst));
    record({
      group: 'Dashboard at scale',
      name: `Click → next screen's content, tower building → floor → room and back (${steps.length} steps, ${Math.round(Math.min(...clickTimes))}–${Math.round(Math.max(...clickTimes))} ms, slowest: ${slowest.step}): p50 / p95`,
      value: `${Math.round(clickP50)} / ${Math.round(clickP95)} ms`,
      target: '≤ 300 / ≤ 600 ms',
      met: clickP50 <= 300 && clickP95 <= 600,
      command: bench,
    });
    const latestRequest = requestDelays.length > 0 ? Math.max(...requestDelays) : undefined;
    const latestStep = steps.find((step) => step.requestMs === latestRequest);
    record({
      group: 'Dashboard at scale',
      name: `Click → the new place's first data request (${requestDelays.length} of ${steps.length} steps asked; ${requestDelays.filter((delay) => delay < 0).length} on the intent before the click; the others had their data${latestStep ? `; latest: ${latestStep.step}, round ${Math.floor(steps.indexOf(latestStep) / 4) + 1}` : ''})`,
      value:
        latestRequest === undefined
          ? 'none asked'
          : `${Math.round(Math.min(...requestDelays))} to ${Math.round(latestRequest)} ms`,
      target: '≤ 50 ms after the click',
      met: latestRequest === undefined || latestRequest <= 50,
      command: bench,
    });
    await page.getByRole('link', { name: 'Level 195', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Level 195' }).waitFor();
    await page.waitForLoadState('networkidle');

    // A month of one room's readings (15-minute steps): from the answer's arrival to every line drawn.
    await page.getByRole('table', { name: 'Rooms' }).getByRole('link').nth(42).click();
    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByText(/, last in history$/)
      .first()
      .waitFor();
    // A room's few measurements are each drawn as a line (a chart of more draws a band), all in
    // one commit: the first line drawn is every line drawn. Watched once the 24 hours shown
    // first are drawn, so their loading state is not taken for the month's.
    await history.locator('.recharts-line-curve').first().waitFor();
    const roomDrawn = await watchHistoryDrawn(page, 1);
    await history.getByRole('button', { name: '30 days' }).click();
    // The month's answer, not the 24 hours the page asked for first (which may still be arriving).
    const answer = await historyAnswerEnded(page, 29);
    const drawnAt = await roomDrawn();
    const readings = (await (
      await page.request.get(`${storey.url}${answer.url}`, { headers: { 'x-csrf': '1' } })
    ).json()) as Array<{ measurementValueId: string }>;
    const lines = new Set(readings.map((reading) => reading.measurementValueId)).size;
    const historyMs = drawnAt - answer.at;
    record({
      group: 'Dashboard at scale',
      name: `History of one room, 30 days at 15 minutes (${readings.length.toLocaleString('en-US')} readings, ${lines} measurements): answer to charts drawn`,
      value: `${historyMs} ms`,
      target: '≤ 500 ms',
      met: historyMs <= 500,
      command: bench,
    });

    // A week of a whole floor of the tower (a month of its 400 series is more than the BFF relays
    // at once, and it says so): every room's measurements, which the BFF asks a day at a time and
    // pages; from the answer's arrival to every line drawn (issue #28: ≤ 1 s after the last page).
    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: 'Level 195' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Level 195' }).waitFor();
    await page.waitForLoadState('networkidle');
    const floorHistory = page.getByRole('region', { name: 'History' });
    const floorUrl = page.url();
    // The answer's body is too large for the browser's inspector to keep: its arrival is timed,
    // and the panel itself says how many readings it holds. Three rounds, each on a freshly
    // loaded page (the week is not in the page's cache yet), for the spread.
    const floorRounds: number[] = [];
    for (let round = 0; round < browserRounds; round++) {
      if (round > 0) {
        await page.goto(floorUrl);
        await page.getByRole('heading', { level: 1, name: 'Level 195' }).waitFor();
        await page.waitForLoadState('networkidle');
      }
      // The 24 hours shown before give way to a loading state until the week is in.
      const floorDrawn = await watchHistoryDrawn(page, 1);
      await floorHistory.getByRole('button', { name: '7 days' }).click();
      const week = await historyAnswerEnded(page, 6);
      const drawnAt = await floorDrawn();
      floorRounds.push(drawnAt - week.at);
    }
    const download = floorHistory.getByRole('button', { name: /^Download CSV \(/ });
    const floorDrawMs = median(floorRounds);
    // Its series, as the panel counts their latest values; its charts draw each kind's spread,
    // median and a few rooms.
    const floorSeries = (/^Show all (\d+) latest values$/.exec(
      (await floorHistory
        .getByRole('button', { name: /^Show all \d+ latest values$/ })
        .textContent()) ?? '',
    ) ?? ['', '?'])[1];
    const floorLines = await floorHistory.locator('.recharts-line-curve').count();
    const floorReadings = (/\(([\d,]+) readings\)/.exec((await download.textContent()) ?? '') ?? [
      '',
      '?',
    ])[1];
    record({
      group: 'Dashboard at scale',
      name: `History of a tower floor, 7 days (${floorSeries} series drawn as ${floorLines} lines with their spread, ${floorReadings} readings; the BFF followed the platform's day windows and pages into one answer): answer to charts drawn (median of ${floorRounds.length}, ${Math.min(...floorRounds)}–${Math.max(...floorRounds)} ms)`,
      value: `${floorDrawMs} ms`,
      target: '≤ 1 s',
      met: floorDrawMs <= 1000,
      command: bench,
    });
    // The issue's budget names a building's month of 200 series (about 576,000 readings); the
    // dashboard draws a building's main meter, not its rooms, so the nearest it draws is a tower
    // floor's two weeks: 405 series, about 540,000 readings. The page opens on that range, so
    // the watch starts with the document.
    const fortnight = new URL(floorUrl);
    const today = new Date();
    const dayOf = (time: Date) =>
      `${time.getFullYear()}-${String(time.getMonth() + 1).padStart(2, '0')}-${String(time.getDate()).padStart(2, '0')}`;
    fortnight.searchParams.set('history', 'custom');
    fortnight.searchParams.set('from', dayOf(new Date(today.getTime() - 13 * 24 * 3600_000)));
    fortnight.searchParams.set('to', dayOf(today));
    await page.addInitScript(historyDrawnScript(1));
    // Three rounds, each a fresh load of the page (nothing in its cache), for the spread.
    const fortnightRounds: number[] = [];
    for (let round = 0; round < browserRounds; round++) {
      await page.goto(fortnight.toString());
      const fortnightAnswer = await historyAnswerEnded(page, 13);
      // Stamped in the page at the painted frame (a promise: awaited if not painted yet).
      const fortnightDrawnAt = (await page.evaluate('window.storeyHistoryDrawn')) as number;
      fortnightRounds.push(fortnightDrawnAt - fortnightAnswer.at);
    }
    const fortnightMs = median(fortnightRounds);
    const fortnightReadings = (/\(([\d,]+) readings\)/.exec(
      (await floorHistory.getByRole('button', { name: /^Download CSV \(/ }).textContent()) ?? '',
    ) ?? ['', '?'])[1];
    record({
      group: 'Dashboard at scale',
      name: `History of a tower floor, 14 days (${fortnightReadings} readings, the size of the issue's building month of 200 series): answer to charts drawn (median of ${fortnightRounds.length}, ${Math.min(...fortnightRounds)}–${Math.max(...fortnightRounds)} ms)`,
      value: `${fortnightMs} ms`,
      target: '≤ 1 s',
      met: fortnightMs <= 1000,
      command: bench,
    });
    record({
      group: 'Memory',
      name: 'Storey with the large embedded emulator, after the drill-downs: resident memory',
      value: `${storey.rssMegabytes().toFixed(0)} MB`,
      target: 'reported (BFF and emulator in one process)',
      met: undefined,
      command: bench,
    });
  } finally {
    await browser.close();
    await storey.stop();
  }

  const bundle = firstScreenBundle();
  record({
    group: 'Dashboard at scale',
    name: 'First-load JavaScript (shell + portfolio route, gzip)',
    value: `${(bundle.gzipBytes / 1024).toFixed(1)} KB in ${bundle.chunks.length} chunks`,
    // Issue #27's budget; tests/server/bundle-budget.test.ts holds a ceiling (225 KB) meanwhile.
    target: '≤ 180 KB',
    met: bundle.gzipBytes <= 180 * 1024,
    command: bench,
    why: bundleWhy,
  });
  record({
    group: 'Dashboard at scale',
    name: 'Entry chunk (gzip)',
    value: `${(bundle.entry.gzipBytes / 1024).toFixed(1)} KB (${path.basename(bundle.entry.file)})`,
    target: '≤ 100 KB',
    met: bundle.entry.gzipBytes <= 100 * 1024,
    command: bench,
    why: bundleWhy,
  });
  record({
    group: 'Dashboard at scale',
    name: 'Largest chunk (gzip)',
    value: `${(bundle.largest.gzipBytes / 1024).toFixed(1)} KB (${path.basename(bundle.largest.file)}, loaded ${bundle.chunks.some((chunk) => chunk.file === bundle.largest.file) ? 'first' : 'later'})`,
    target: 'reported',
    met: undefined,
    command: bench,
  });
}

/**
 * Until the index of the Storey at `url` serves its first sync: a second instance on the same
 * database then finds it fresh and does not sync (decision 0024), and the memory read after it
 * is Storey's at work, not in its first sync.
 */
async function indexServed(url: string): Promise<void> {
  for (let waited = 0; waited < 600_000; waited += 500) {
    const answer = await fetch(`${url}/api/index/status`, { headers: { 'x-csrf': '1' } });
    if (answer.ok && ((await answer.json()) as { served: unknown }).served) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The index of the Storey at ${url} served no sync within 10 minutes.`);
}

/** Until `service` has used under 0.1 s of CPU in a second: its rounds at start are done. */
async function quiet(service: Service): Promise<void> {
  for (let waited = 0; waited < 600; waited++) {
    const before = service.cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (service.cpuSeconds() - before < 0.1) return;
  }
  throw new Error(`The Storey at ${service.url} was still busy after 10 minutes.`);
}

/** A BFF as the image starts it, against `emulator`, with a rate limit no load here reaches. */
async function startBff(emulator: Service, env: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  return startService(
    productionServer,
    {
      ...platformEnvironment(emulator),
      PORT: String(port),
      RATE_LIMIT_MAX: '100000000',
      REQUESTS_IN_FLIGHT_MAX: '10000',
      ...env,
    },
    port,
    '/readyz',
  );
}

async function memory(
  emulator: Service,
  longLived: Service,
  emulatorPort: number,
  databaseUrl: string,
) {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
  // The target's reading: a BFF started as the image starts it, then the 60-second load run. Its
  // index keeps its copy in PostgreSQL (DATABASE_URL), whose memory is PostgreSQL's: decision
  // 0008's target is the BFF's own (the embedded database's the index section reports).
  const bff = await startBff(emulator, { DATABASE_URL: databaseUrl });
  await indexServed(bff.url);
  await quiet(bff);
  const before = bff.rssMegabytes();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, bff.rssMegabytes())), 1000);
  await load({
    url: `${bff.url}/api/Buildings?take=100`,
    headers: { 'x-csrf': '1' },
    connections: 50,
    duration: seconds,
  });
  clearInterval(sampler);
  // Once the process is idle V8 may still collect and hand pages back: read at 5 s and at 30 s;
  // what the process keeps is the second.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const soon = bff.rssMegabytes();
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  const settled = bff.rssMegabytes();
  await bff.stop();
  record({
    group: 'Memory',
    name: `BFF with its index in PostgreSQL (DATABASE_URL): resident memory after ${seconds} s at 50 connections (30 s after the load)`,
    value: `${settled.toFixed(0)} MB (5 s after: ${soon.toFixed(0)} MB; before: ${before.toFixed(0)} MB; peak during the load: ${peak.toFixed(0)} MB)`,
    target: '≤ 130 MB',
    met: settled <= 130,
    command: bench,
  });
  // The BFF that served every load above (proxy cost, peers, shielding), idle since: after
  // thousands of distinct answers it keeps memory outside V8's heap, mostly the C heap's
  // (decision 0008).
  record({
    group: 'Memory',
    name: 'The BFF that served every load above, idle since: resident memory',
    value: `${longLived.rssMegabytes().toFixed(0)} MB`,
    target: 'reported',
    met: undefined,
    command: bench,
  });

  const large = await startService(
    'server/cli/emulator.ts',
    { EMULATOR_PORT: String(emulatorPort), EMULATOR_PROFILE: 'large' },
    emulatorPort,
    '/api/Sites',
  );
  const token = await directToken(large);
  await fetch(`${large.url}/api/Buildings?take=5000`, {
    headers: { authorization: `Bearer ${token}`, 'x-api-version': '3.0' },
  });
  await fetch(`${large.url}/graphql`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        '{ buildings(where: { name: { eq: "Skyline Tower" } }) { levels { name rooms { name } } } }',
    }),
  });
  const rss = large.rssMegabytes();
  await large.stop();
  record({
    group: 'Memory',
    name: 'Emulator with the large profile, after a listing and the tower: resident memory',
    value: `${rss.toFixed(0)} MB`,
    target: '≤ 300 MB',
    met: rss <= 300,
    command: bench,
  });
}

function generation() {
  const times = Array.from({ length: 3 }, () => {
    const started = performance.now();
    const portfolio = generatePortfolio(resolvePortfolioOptions({ profile: 'large' }));
    portfolio.floorsOf(portfolio.buildings[0]!);
    return performance.now() - started;
  });
  const ms = median(times);
  record({
    group: 'Emulator',
    name: 'Large profile (10,000 buildings + 200 × 100 tower): generation time, median of 3',
    value: `${ms.toFixed(0)} ms`,
    target: '< 2 s',
    met: ms < 2000,
    command: bench,
  });
}

/** BENCH_ONLY=dashboard (or lighthouse, proxy, peers with proxy, generation, index, energy, access, alarms, conditions-coverage, drill-down-pair, deep-link) runs a part: printed, but docs/benchmarks.md is left as it is. */
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (part: string) => !only || only.includes(part);

async function main() {
  stopEverythingOnInterrupt();
  const started = Date.now();
  build({ ifStale: true });
  if (wanted('generation')) generation();
  if (wanted('proxy') || wanted('conditions')) await serverBenchmarks();
  if (wanted('dashboard')) await dashboardAtScale();
  if (wanted('lighthouse'))
    // A browser or Lighthouse failing is a figure missed, not a lost run of fifteen minutes.
    await lighthouseAudits(record, bench).catch((error: unknown) =>
      record({
        group: 'Lighthouse',
        name: 'Lighthouse 13 on the signed-in dashboard',
        value: `could not run: ${(error as Error).message.slice(0, 120)}`,
        target: 'every budget',
        met: false,
        command: bench,
      }),
    );
  if (wanted('index')) await portfolioIndexBenchmarks(bench);
  if (wanted('energy')) await energyRankingBenchmarks(bench);
  if (wanted('access')) await accessScopesBenchmarks(bench);
  if (wanted('alarms')) await alarmsBenchmarks(bench);
  if (wanted('conditions-coverage')) await conditionsCoverageBenchmarks(bench);
  if (wanted('drill-down-pair')) await drillDownPairBenchmarks(bench);
  if (wanted('deep-link')) await deepLinkBenchmarks(bench);
  if (!only) await writeReport(Date.now() - started);
}

async function serverBenchmarks() {
  const emulatorPort = await freePort();
  const emulator = await startService(
    'server/cli/emulator.ts',
    { EMULATOR_PORT: String(emulatorPort), EMULATOR_CONTROL: '1', EMULATOR_BUILDINGS: '1000' },
    emulatorPort,
    '/api/Sites',
  );
  // The index keeps its copy in a PostgreSQL of the benchmark's own (Debian's), so that two
  // instances can share it, as a deployment of several does.
  const postgres = await startPostgres();
  // The index's rounds are not what these figures measure: its first sync and rounds are over
  // before the first figure (otherwise they share the cores with the load and their platform
  // calls count as the shielded request's), and the next ones do not start during the part.
  const between = {
    DATABASE_URL: postgres.url,
    INDEX_REFRESH_MINUTES: String(24 * 60),
    CONDITIONS_REFRESH_MINUTES: String(24 * 60),
  };
  const bff = await startBff(emulator, between);
  try {
    await indexServed(bff.url);
    await quiet(bff);
    if (wanted('conditions')) await currentValuesSharing(emulator, bff);
    if (!wanted('proxy')) return;
    await proxyCost(emulator, bff);
    if (wanted('peers')) {
      // A second instance on the first one's database, measured once its own first rounds are
      // done: the first has synced, so this one finds the index fresh and does not sync, and
      // between rounds it is a proxy, as the peers are (the index's work, which no request pays
      // for, counted in the process's CPU made Storey look 1.3-1.4x and, at times, 5x the peer
      // on distinct GraphQL). With several instances that work runs on one of them at a time.
      const secondInstance = await startBff(emulator, between);
      try {
        await quiet(secondInstance);
        await peerComparison(emulator, secondInstance);
      } finally {
        await secondInstance.stop();
      }
    }
    await shielding(emulator, bff);
    await tokenEconomy(emulator, await freePort());
    await memory(emulator, bff, await freePort(), postgres.url);
  } finally {
    await bff.stop();
    await emulator.stop();
    await postgres.stop();
  }
}

const bundleWhy =
  'Issue #27\u2019s budgets (first load \u2264 180 KB, entry \u2264 100 KB); tests/server/bundle-budget.test.ts holds the first load below a ceiling that only comes down (225 KB). Measured module by module on 2026-11-26 (decision 0016): React DOM 62 KB and React Router 30 KB, MUI\u2019s theme, styling and components about 50 KB, TanStack Query 10 KB, zod\u2019s mini build 9 KB, the app\u2019s own code about 30 KB. Done then: zod\u2019s mini build (24.5 \u2192 9.4 KB), MUI\u2019s parts instead of TextField (which imported the menu stack), the compact menu, the GraphQL client, the search combobox and TanStack Virtual out of the first load (250 \u2192 207 KB), and React in a long-cached chunk of its own (the entry 141 \u2192 61 KB). What would close the rest: little without changing the fixed stack (React DOM and React Router alone are 92 KB); the theme\u2019s CSS variables generated at build time, and the screen\u2019s zod schemas traded for checks written for the few answers the first screen reads, would each give a few KB.';

const whyMissed: Record<string, string> = {
  Lighthouse:
    'Each audit is a first visit: the browser\u2019s HTTP cache is emptied before it (Lighthouse keeps storage to stay signed in, and with it the cache), so the phone preset\u2019s simulated slow 4G pays for every chunk; a return visit is reported beside it. On 2026-11-26 the portfolio went from 0.32 (the issue\u2019s figure) to about 0.8 on the phone: below-the-fold charts wait for the person to scroll near them (total blocking time 1.3\u20131.4 s \u2192 0.3\u20130.6 s), index.html paints the frame before the code arrives (first contentful paint 3.1 \u2192 1.6 s), the search combobox loads when the field is used, and the BFF announces the page\u2019s own chunks with the entry. The phone figure sits at its target and moves by \u00b10.04 from run to run on this shared machine. The building and floor pages on the phone preset (about 0.5) draw their charts and stacking plan above the fold; what would raise them: the same first-visit work per page (their route chunks are larger), and their data in fewer round trips.',
  Peers:
    'Rows marked "coalescing" send one identical request from every connection: Storey shares it (decision 0007) and a bare proxy cannot, so they measure sharing, not cost. The distinct rows take every request from one sequence shared by all connections, so nothing is shared, and Storey runs there as a second instance on the first one\u2019s PostgreSQL, measured once its own first rounds are done, so it does not sync: before, the embedded index syncing and reading meters in the same process was counted as the cost of requests (a profile taken during a sync put 60 % of the BFF\u2019s time in PGlite). Where the proxy alone costs more than the fastify peer, the profile of distinct GraphQL drill-downs at 100 connections (`node --cpu-prof`, 10 s, 2026-11-26) says where its busy time goes: node\u2019s HTTP and stream internals 21 %, socket writes (writev) 17 %, garbage collection 13 %, undici 7 %, fastify 6 %, and Storey\u2019s own steps 7 % together (shared reads 1.7 %, the GraphQL guard with its cached verdicts 1.0 %, the platform client 1.0 %, masking the credentials 0.9 %, answer limits and relay 1.2 %, rate limit 0.9 %), zod 1.6 %, metrics 1.5 %, logging 0.8 %. No single step is the gap: it is the checks a bare proxy does not make (session, CSRF, rate limit, in-flight bound, guard, masking, metrics) and the queue each answer passes through so that a browser that never reads holds no platform connection and stalls nobody (security review S1, M1; decision 0009), which costs a stream stage and its garbage per answer. Decision 0009 says what would close the rest. At 10 connections the BFF, the emulator and autocannon share two cores and a figure moves by about \u00b120 % from run to run.',
  Memory:
    'The BFF\u2019s target is read on a BFF started as the image starts it (node --max-semi-space-size=4 --expose-gc, decision 0008) with its index in a PostgreSQL of the benchmark\u2019s (`DATABASE_URL`: that memory is PostgreSQL\u2019s), after its first sync and rounds, then the 60-second run, 30 s after; with its embedded index Storey holds PGlite besides (the index section reports that). After the load V8\u2019s old space held about 100 MB of which 30 MB were alive, and a quiet BFF allocates nothing that would collect them: since 2026-11-26 the BFF runs one compacting collection once a whole 5-s period passes without a response (server/http/idle-collection.ts), which hands the pages back (258\u2013264 MB before, about 122 MB after in a script of the same load). A plain collection frees the objects but not the pages. The large-profile emulator keeps a catalogue of its 336,000 rooms\u2019 ids, names and areas and the records of the last 25,000 rooms\u2019 buildings, made again from their seed when asked (docs/emulator.md).',
  'Proxy cost':
    'Through the BFF a call is received, checked (GraphQL verdicts are cached per document), forwarded over a kept-alive connection, and its answer streamed back as it arrives. autocannon reports whole milliseconds, and the BFF, the emulator and the load generator share two cores, so at 10 connections this figure moves between about −1 and +2 ms from run to run for both REST and GraphQL. Giving the BFF a core of its own would close the gap.',
  'Token economy':
    'Renewal ahead of expiry (1/60 of the lifetime, at least one second) means each 30-second token serves 29 seconds: 125 tokens for the hour. Meeting 120 exactly would mean renewing at the moment of expiry, and then a call in flight can reach the platform with an expired token, which the other half of the target forbids. With hour-long tokens the difference is one token in sixty.',
  'Dashboard at scale':
    "On this machine the browser, the BFF and the embedded emulator (which serializes the 10,000 buildings and the 20,000-room tower on demand) share two cores, so each navigation is measured in three rounds and the spread is shown. The building page asks GraphQL for the tower by id as soon as the capability answer (one small request) says the platform filters by id; most of the rest is fetching and evaluating the shell's JavaScript and the emulator building its answer. What would close a remaining gap: the capability answer inlined into the page, and a lighter chart library. Wheel-scrolling frame times depend on the same shared cores: 16.7 ms in the previous session’s full run, when the table was scrolled after the first navigation; it is now scrolled after the third (the rounds above), and two runs measured 33.3 ms. Whether the browser’s state after three loads or the machine explains it is not known yet. Click → content on the tower: the slowest steps are the two Backs (300\u2013500 ms): nothing is fetched, the floor re-renders its hundred rooms with their conditions and the 24-hour band of its 405 series, and the building its stacking plan of 200 floors; a floor's or room's first visit is 100\u2013350 ms. Its data leaves on the pointer's rest before the click (the loaders, decision 0011).",
};

async function writeReport(durationMs: number) {
  const cpus = os.cpus();
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, in ${(durationMs / 60_000).toFixed(1)} minutes. Load comes from autocannon in the benchmark process; the emulator, the BFF and the load generator share the machine's cores. Browser figures come from Playwright driving Debian's Chromium against the production build, after signing in through the embedded identity provider (so, like a returning user, the browser has the shell's files cached).`,
    '',
    '| group | figure | measured | target | met |',
    '| --- | --- | --- | --- | --- |',
    ...figures.map(
      (figure) =>
        `| ${figure.group} | ${figure.name} | ${figure.value} | ${figure.target} | ${figure.met === undefined ? '—' : figure.met ? 'yes' : '**no**'} |`,
    ),
    '',
    'Every figure is reproduced by `npm run bench` (about ten minutes); `BENCH_SECONDS` (default 5) sets the length of each load run and `BENCH_SOAK_SECONDS` (default 60) the memory run.',
    '',
    '## Notes',
    '',
    '- Proxy cost compares the same requests sent to the emulator directly and through the BFF, in interleaved rounds (median of two each); every request is distinct (another page, another building), so nothing is shared and the figure is what the BFF adds to one call. The peer comparison keeps the issue’s workloads, where identical reads in flight are coalesced by Storey (decision 0007), plus one of distinct GraphQL queries.',
    '- The token-economy hour runs the real token provider against a fake clock: a real hour would take an hour. Renewal happens ahead of expiry (1/60 of the lifetime, at least one second) so that no call is sent with a token about to expire; each 30-second token therefore serves 29 seconds, and the hour takes ⌈3600 / (30 − 1)⌉ = 125 tokens, which is the target.',
    "- Peers: `tests/bench/peers/` holds @fastify/http-proxy and express + http-proxy-middleware, each fetching one token at start and forwarding /api and /graphql over kept-alive connections with no checks. Storey runs beside them as a second instance on the first one's PostgreSQL (`DATABASE_URL`, a server the benchmark starts), measured once its first rounds are done: the index's syncs and rounds would otherwise be counted as the cost of requests that do not cause them, and with several instances they run on one at a time. Proxy CPU per request is the process's user + system time from /proc over the run, divided by the requests it answered.",
    '',
  ];
  const missed = figures.filter((figure) => figure.met === false);
  if (missed.length > 0) {
    lines.push(
      '## Targets missed in this run, why, and what would close the gap',
      '',
      ...missed.map(
        (figure) =>
          `- **${figure.group}: ${figure.name}** — ${figure.value} against ${figure.target}. ${figure.why ?? whyMissed[figure.group] ?? ''}`,
      ),
      '',
    );
  }
  // The soak and the two-instance run write sections of their own; keep them.
  const kept = ownedSections();
  await writeBenchmarksDocument(`${lines.join('\n')}\n${kept ? `\n${kept}\n` : ''}`);
  console.log(`\nWrote docs/benchmarks.md (${figures.length} figures, ${missed.length} missed).`);
}

await main();
process.exit(0);
