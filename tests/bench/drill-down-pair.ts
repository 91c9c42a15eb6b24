import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { build } from '../../server/cli/build.mjs';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { freePort, productionServer, root, startService, type Service } from '../support/processes';
import { figureRecorder, figureTable, percentile } from './figures';
import {
  backScript,
  dataRequestsScript,
  dataSettled,
  signInInPage,
  timedNavigation,
} from './page-timing';
import { writeSection } from './report-sections';

const group = 'Drill-down through urql';
/** The build before the drill-down moved to urql (issue #56); BENCH_BASELINE names another. */
const defaultBaseline = 'ddea7e5';
const rounds = 3;

/** A checkout of `rev` beside this one, sharing its node_modules, built as the image builds it. */
function baselineCheckout(rev: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storey-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, rev], {
    cwd: root,
    stdio: 'ignore',
  });
  const remove = () => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    execFileSync(process.execPath, ['server/cli/build.mjs'], { cwd: dir, stdio: 'ignore' });
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The first screen's JavaScript (entry and preloads named by index.html), gzip bytes. */
function firstLoadBytes(checkout: string): number {
  const client = path.join(checkout, 'dist', 'client');
  const html = readFileSync(path.join(client, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(client, file))).length,
    0,
  );
}

/**
 * A build's Storey on the large profile, once its index has synced and its first rounds are
 * done (under 0.1 s of CPU in a second), with no further round during the benchmark: no index
 * work shares the cores with the clicks (every Storey keeps its index: decision 0024).
 */
export async function startIdleStorey(checkout = root): Promise<Service> {
  const port = await freePort();
  const storey = await startService(
    productionServer,
    {
      PORT: String(port),
      EMULATOR_PROFILE: 'large',
      CONDITIONS_REFRESH_MINUTES: String(24 * 60),
      RATE_LIMIT_MAX: '1000000',
      REQUESTS_IN_FLIGHT_MAX: '10000',
    },
    port,
    '/readyz',
    checkout,
  );
  for (let waited = 0; waited < 600; waited++) {
    const before = storey.cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (storey.cpuSeconds() - before < 0.1) return storey;
  }
  await storey.stop();
  throw new Error(`The Storey of ${checkout} was still busy 10 minutes after it started.`);
}

interface Round {
  clicks: number[];
  outlineRequests: number;
  moveRequests: number;
}

/**
 * One round on one build, in a fresh browser context: signed in, the tower's building page, then
 * building → floor → room and back on three floors, each step timed from the click to the painted
 * frame with the next screen's content; GraphQL requests counted for the building's outline and
 * for every move within it.
 */
async function drillDownRound(browser: Browser, storey: Service) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await signInInPage(page, storey.url);
    await page.getByRole('table', { name: 'Buildings' }).getByRole('link').first().waitFor();
    // The large profile lists its 200-floor tower first.
    const [tower] = (await (
      await page.request.get(`${storey.url}/api/Buildings?take=1`, { headers: { 'x-csrf': '1' } })
    ).json()) as Array<{ id: string }>;
    const graphqlCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlCalls.push(request.url());
    });
    await page.addInitScript(dataRequestsScript);
    await page.goto(`${storey.url}/buildings/${tower!.id}`);
    await page.getByRole('list', { name: 'Floors' }).getByRole('link').first().waitFor();
    const towerName = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await dataSettled(page);
    const outlineRequests = graphqlCalls.length;
    const clicks: number[] = [];
    for (let step = 0; step < 3; step++) {
      // The floors the dashboard's figures visit (each round is a fresh context: first visits).
      const level = `Level ${190 - step * 3}`;
      clicks.push(
        (
          await timedNavigation(
            page,
            () => page.getByRole('link', { name: level, exact: true }).click(),
            { heading: level, selector: 'table[aria-label="Rooms"] tbody tr a' },
          )
        ).ms,
      );
      const room = page
        .getByRole('table', { name: 'Rooms' })
        .getByRole('link')
        .nth(step * 7);
      clicks.push(
        (
          await timedNavigation(page, () => room.click(), {
            selector: 'table[aria-label="Room details"]',
          })
        ).ms,
      );
      clicks.push(
        (
          await timedNavigation(page, () => page.evaluate(backScript), {
            heading: level,
            selector: 'table[aria-label="Rooms"] tbody tr a',
          })
        ).ms,
      );
      clicks.push(
        (
          await timedNavigation(page, () => page.evaluate(backScript), {
            heading: towerName,
            selector: '[aria-label="Floors"] a',
          })
        ).ms,
      );
    }
    return { clicks, outlineRequests, moveRequests: graphqlCalls.length - outlineRequests };
  } finally {
    await context.close();
  }
}

/**
 * Issue #56: the drill-down's reads through urql, side by side with the build before (the
 * baseline, BENCH_BASELINE), in one run on one machine: both Storeys up at once on the large
 * profile, rounds alternating which goes first. Figures: the first screen's JavaScript, click →
 * content on the 200-floor tower (building → floor → room and back), and the GraphQL requests of
 * a drill-down (one for the building's outline, none for moves within it).
 */
export async function drillDownPairBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  const baselineRev = process.env.BENCH_BASELINE ?? defaultBaseline;
  await build({ ifStale: true });
  const baseline = baselineCheckout(baselineRev);
  const builds = [
    { name: `baseline (${baselineRev})`, dir: baseline.dir },
    { name: 'this build', dir: root },
  ];
  const started: Service[] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const entry of builds) started.push(await startIdleStorey(entry.dir));
    const results: Round[][] = builds.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order)
        results[index]!.push(await drillDownRound(browser, started[index]!));
    }
    const bytes = builds.map((entry) => firstLoadBytes(entry.dir));
    const all = results.map((runs) => runs.flatMap((run) => run.clicks));
    const p50 = all.map((clicks) => percentile(clicks, 0.5));
    const p95 = all.map((clicks) => percentile(clicks, 0.95));
    // Each round's own median: the spread a build shows against itself on these shared cores.
    const roundMedians = results.map((runs) =>
      runs.map((run) => Math.round(percentile(run.clicks, 0.5))).join(', '),
    );
    record({
      group,
      name: `First screen's JavaScript, gzip: ${builds[0]!.name} / ${builds[1]!.name}`,
      value: `${(bytes[0]! / 1024).toFixed(1)} / ${(bytes[1]! / 1024).toFixed(1)} KB`,
      target: 'this build ≤ baseline + 1 KB (urql comes with the building page)',
      met: bytes[1]! <= bytes[0]! + 1024,
      command,
    });
    record({
      group,
      name: `Click → content on the tower, building → floor → room and back (${rounds} rounds × 12 steps, alternating which build goes first): p50 / p95 (each round's median), ${builds[0]!.name} vs ${builds[1]!.name}`,
      value: `${Math.round(p50[0]!)} / ${Math.round(p95[0]!)} ms (${roundMedians[0]}) vs ${Math.round(p50[1]!)} / ${Math.round(p95[1]!)} ms (${roundMedians[1]}); p50 ratio ${(p50[1]! / p50[0]!).toFixed(2)}`,
      target: 'p50 ratio ≤ 1.1 (within the spread of two shared cores)',
      met: p50[1]! / p50[0]! <= 1.1,
      command,
    });
    const requests = results.map((runs) =>
      runs.map((run) => `${run.outlineRequests}/${run.moveRequests}`).join(', '),
    );
    record({
      group,
      name: `GraphQL requests per round, the building's outline / moves within it: ${builds[0]!.name}; ${builds[1]!.name}`,
      value: `${requests[0]}; ${requests[1]}`,
      target: 'this build: 1/0 each round',
      met: results[1]!.every((run) => run.outlineRequests === 1 && run.moveRequests === 0),
      command,
    });
  } finally {
    await browser.close();
    for (const service of started) await service.stop();
    if (existsSync(baseline.dir)) baseline.remove();
  }
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'drill-down-pair') return;
  await writeSection(
    'drill-down-pair',
    [
      `## ${group}`,
      '',
      `Measured with \`${command}\` (\`BENCH_ONLY=drill-down-pair\` runs and writes this section alone): this build beside ${builds[0]!.name} (a git worktree of \`BENCH_BASELINE\`, built as the image builds it), both production servers up at once on the large profile, each with its index, measured once both are quiet after their first sync and rounds (no sync or round shares the two cores), ${rounds} rounds alternating which build goes first, each in a fresh browser context. Issue #56: the drill-down's GraphQL reads moved from TanStack Query to urql.`,
      '',
      ...figureTable(figures, 'measure'),
    ].join('\n'),
  );
}
