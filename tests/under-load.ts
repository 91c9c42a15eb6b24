/**
 * `npm run test:under-load`: the Vitest suite quiet, then beside two busy loops (as CI shares its
 * machine), and each test's duration under load next to its quiet one (issue #57). A test that
 * passes only while the machine is quiet shows here first: its quiet time over a quarter of its
 * timeout, a wait (findBy*, waitFor) over a quarter of its own 5 s limit (the quiet run gives waits
 * 1.25 s, so such a test fails there), or a failure under load.
 *
 *   npm run test:under-load                 one quiet run, then one loaded run
 *   npm run test:under-load -- --loaded 3   three loaded runs in a row (the issue's evidence)
 *   npm run test:under-load -- tests/src    only some files (Vitest's filters)
 *   npm run test:under-load -- --quiet-from test-results/vitest-timings.json --loaded 3
 *                                           a quiet run's timings from before (npm test writes
 *                                           them), then the loaded runs
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestTiming } from './support/test-timings-reporter';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

const args = process.argv.slice(2);
/** An option's value (`--loaded 3`), and the arguments left for Vitest. */
const taken = new Set<number>();
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  taken.add(index).add(index + 1);
  return args[index + 1];
};
const loadedRuns = Number(option('--loaded') ?? 1);
/** A quiet run's timings kept from before (`npm test` writes test-results/vitest-timings.json). */
const quietFrom = option('--quiet-from');
const filters = args.filter((_arg, index) => !taken.has(index));

let children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children = [];
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });

type Durations = Map<string, { ms: number; passed: boolean; timeoutMs: number }>;

/**
 * Each test's duration, outcome and own timeout, by file and name, from the timings a run wrote
 * (tests/support/test-timings-reporter.ts; `npm test` writes test-results/vitest-timings.json).
 */
function durations(output: string): Durations {
  const timings = JSON.parse(readFileSync(output, 'utf8')) as TestTiming[];
  return new Map(
    timings.map((timing) => [
      `${timing.file} › ${timing.name}`,
      { ms: timing.ms, passed: timing.state === 'passed', timeoutMs: timing.timeoutMs },
    ]),
  );
}

/** The component tests' wait limit (tests/src/setup.ts), and the quarter of it a quiet run gives. */
const waitLimitMs = 5000;

async function vitest(name: string, env: Record<string, string> = {}): Promise<Durations> {
  const output = path.join(results, `under-load-${name}.json`);
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=dot',
      `--reporter=${path.join(root, 'tests/support/test-timings-reporter.ts')}`,
      ...filters,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, STOREY_TEST_TIMINGS_FILE: output },
    },
  );
  children.push(child);
  await once(child, 'exit');
  return durations(output);
}

/** Two processes that keep a core each busy, as a neighbour on a shared CI machine does. */
function busyLoops(): ChildProcess[] {
  return Array.from({ length: 2 }, () => {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    children.push(child);
    return child;
  });
}

console.log(quietFrom ? `▶ quiet durations from ${quietFrom}` : '▶ quiet run');
const quiet = quietFrom
  ? durations(path.resolve(quietFrom))
  : await vitest('quiet', { STOREY_WAIT_LIMIT_MS: String(waitLimitMs / 4) });
const loaded: Array<Awaited<ReturnType<typeof vitest>>> = [];
for (let run = 1; run <= loadedRuns; run++) {
  console.log(`\n▶ run ${run} of ${loadedRuns} beside two busy loops`);
  const loops = busyLoops();
  try {
    loaded.push(await vitest(`loaded-${run}`));
  } finally {
    for (const loop of loops) loop.kill('SIGKILL');
  }
}

const rows = [...quiet].map(([name, { ms, timeoutMs }]) => ({
  name,
  quiet: ms,
  loaded: loaded.map((run) => run.get(name)?.ms ?? Number.NaN),
  failures: loaded.filter((run) => run.get(name)?.passed === false).length,
  budget: timeoutMs / 4,
}));
const slowest = [...rows]
  .sort((a, b) => Math.max(...b.loaded) - Math.max(...a.loaded))
  .slice(0, 10);
const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(1)} s`);
console.log('\nThe ten slowest tests under load (quiet · under load, each run):');
for (const row of slowest)
  console.log(`  ${seconds(row.quiet)} · ${row.loaded.map(seconds).join(', ')}  ${row.name}`);
const overBudget = rows.filter((row) => row.quiet > row.budget);
// With a quarter of the wait limit, a quiet failure is (most likely) a wait that needs more.
const quietFailed = [...quiet].filter(([, timing]) => !timing.passed).map(([name]) => name);
const failed = rows.filter((row) => row.failures > 0);
console.log(
  `\n${overBudget.length} test(s) over a quarter of their timeout when quiet; ` +
    `${quietFailed.length} failed quiet${quietFrom ? '' : ` with waits of ${seconds(waitLimitMs / 4)}`}; ` +
    `${failed.length} failed under load.`,
);
for (const row of overBudget) console.log(`  over budget: ${seconds(row.quiet)}  ${row.name}`);
for (const name of quietFailed) console.log(`  failed quiet: ${name}`);
for (const row of failed) console.log(`  failed ${row.failures}×: ${row.name}`);
stopAll();
process.exit(failed.length > 0 || quietFailed.length > 0 ? 1 : 0);
