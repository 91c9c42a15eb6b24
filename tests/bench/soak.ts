/**
 * `npm run soak`: 60 s at 100 connections of mixed REST and GraphQL through the BFF, with 1 % of
 * platform calls failing on purpose. Passes when the BFF never crashes, answers errors only for
 * the injected faults, and its resident memory grows by less than 20 %. Writes its section of
 * docs/benchmarks.md. Answers are streamed (decision 0007): a platform that drops the connection
 * mid-answer cuts the browser's answer short (autocannon counts it as a timeout; it is counted
 * with the faults), and malformed JSON passes with its 200 for the dashboard's schemas to refuse.
 */
import autocannon from 'autocannon';
import { build } from '../../server/cli/build.mjs';
import {
  freePort,
  platformEnvironment,
  productionServer,
  startService,
} from '../support/processes';
import { writeSection } from './report-sections';

// The BFF runs compiled, as in production.
build({ ifStale: true });
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const faultKinds = '500,502,503,504,429,429-retry-after,gateway-403,malformed-json,drop-connection';

const emulatorPort = await freePort();
const emulator = await startService(
  'server/cli/emulator.ts',
  { EMULATOR_PORT: String(emulatorPort), EMULATOR_CONTROL: '1', EMULATOR_BUILDINGS: '2000' },
  emulatorPort,
  '/api/Sites',
);
const bffPort = await freePort();
const bff = await startService(
  productionServer,
  {
    PORT: String(bffPort),
    RATE_LIMIT_MAX: '100000000',
    // Load from one address stands for many people.
    REQUESTS_IN_FLIGHT_MAX: '10000',
    METRICS_ON_MAIN_PORT: 'true',
    ...platformEnvironment(emulator),
  },
  bffPort,
  '/readyz',
);

const graphqlBody = JSON.stringify({
  query:
    'query Outline($name: String!) { buildings(where: { name: { eq: $name } }) { id name levels { name rooms { name } } } }',
  variables: { name: 'Harbour View' },
});
let counter = 0;
const statuses = new Map<number, number>();
const run = (duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: bff.url,
        connections: 100,
        duration,
        requests: [
          {
            // Mostly distinct reads (so few share one platform call), and the drill-down query.
            setupRequest: (request) =>
              ++counter % 3 === 0
                ? {
                    ...request,
                    method: 'POST',
                    path: '/graphql',
                    headers: { 'x-csrf': '1', 'content-type': 'application/json' },
                    body: graphqlBody,
                  }
                : {
                    ...request,
                    method: 'GET',
                    path: `/api/Buildings?take=20&skip=${counter % 1980}`,
                    headers: { 'x-csrf': '1' },
                  },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode) =>
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1),
    );
  });

// Warm up without faults, then measure memory from there.
await run(5);
statuses.clear();
const rssStart = bff.rssMegabytes();
await fetch(`${emulator.url}/__control/faults`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ errorRate: 0.01, errorKinds: faultKinds.split(',') }),
});
const result = await run(seconds);
const rssEnd = bff.rssMegabytes();
const { injected } = (await (await fetch(`${emulator.url}/__control/faults`)).json()) as {
  injected: number;
};
const metrics = await (await fetch(`${bff.url}/metrics`)).text();
const coalesced = Number(/storey_coalesced_requests_total (\d+)/.exec(metrics)?.[1] ?? 0);
const alive = bff.child.exitCode === null && (await fetch(`${bff.url}/healthz`)).ok;
await bff.stop();
await emulator.stop();

const errorResponses = [...statuses]
  .filter(([status]) => status >= 400)
  .reduce((sum, [, count]) => sum + count, 0);
const unexpectedStatuses = [...statuses.keys()].filter(
  (status) => status >= 400 && ![403, 429, 502, 504].includes(status),
);
const growth = (rssEnd - rssStart) / rssStart;
// A failed platform call shared by coalesced identical reads fails each of them: that is still one injected fault.
const checks = [
  { name: 'BFF crashes', value: alive ? '0' : 'the BFF died', ok: alive },
  {
    // autocannon reports an answer cut short by a dropped connection as a timeout (it does the
    // same talking to the emulator directly), so cut answers and timeouts are one count here.
    name: 'Error responses and cut answers (timeouts) vs injected faults (+ reads that shared a failed call)',
    value: `${errorResponses} + ${result.errors} (${result.timeouts} timeouts) vs ${injected} (+ up to ${coalesced} shared)`,
    ok: errorResponses + result.errors <= injected + coalesced,
  },
  {
    name: 'Error statuses',
    value:
      [...statuses]
        .filter(([status]) => status >= 400)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', ') || 'none',
    ok: unexpectedStatuses.length === 0,
  },
  {
    name: 'Resident memory growth',
    value: `${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} MB (${(growth * 100).toFixed(1)} %)`,
    ok: growth < 0.2,
  },
];
for (const check of checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.value}`);
console.log(`${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s`);

await writeSection(
  'soak',
  [
    '## Soak',
    '',
    `\`npm run soak\` on ${new Date().toISOString().slice(0, 10)}: ${seconds} s at 100 connections through the BFF, two thirds distinct REST reads and one third the GraphQL drill-down, ${result.requests.total} requests (${result.requests.average.toFixed(0)} req/s), with 1 % of platform calls failing (${faultKinds}).`,
    '',
    '| check | measured | target | met |',
    '| --- | --- | --- | --- |',
    ...checks.map(
      (check, index) =>
        `| ${check.name} | ${check.value} | ${['0', 'errors only for injected faults', '403, 429, 502, 504 only', '< 20 %'][index]} | ${check.ok ? 'yes' : '**no**'} |`,
    ),
  ].join('\n'),
);
process.exit(checks.every((check) => check.ok) ? 0 : 1);
