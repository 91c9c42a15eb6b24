/**
 * `npm test`: the one validate path, the same locally and in CI. Typecheck, lint, build, unit,
 * component and server tests (Vitest), then browser tests (Playwright) against the production
 * build started as `npm start` starts it. Ends with one summary line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensurePrerequisites } from './support/prerequisites';
import {
  playwrightFailures,
  vitestFailures,
  vitestUnhandledErrors,
  type PlaywrightSuite,
  type UnhandledError,
} from './support/run-summary';
import { overAQuarter, testTimingsFile, type TestTiming } from './support/test-timings-reporter';
import { unhandledErrorsFile } from './support/unhandled-errors-reporter';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(path.join(results, 'vitest.json'), { force: true });
rmSync(path.join(results, 'e2e.json'), { force: true });
rmSync(unhandledErrorsFile, { force: true });
rmSync(testTimingsFile, { force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  command: string[];
  counts?: () => { passed: number; failed: number; failures: string[] };
}

const readJson = (file: string): Record<string, unknown> | undefined =>
  existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : undefined;

// Chromium, redis-server and PostgreSQL first: installed here where this machine allows it, or
// the one command to run, in the first seconds rather than after ten minutes of tests.
const prerequisites = ensurePrerequisites();
if (prerequisites.lines.length > 0) console.log(prerequisites.lines.join('\n'));
if (!prerequisites.ok) {
  console.log('\n0 passed, 1 failed (prerequisites missing)');
  process.exit(1);
}

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  // Files, exports and dependencies nothing uses (knip; its settings are package.json's "knip").
  { name: 'dead code', command: ['npx', 'knip', '--no-progress'] },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'vitest',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(results, 'vitest.json')}`,
      // Unhandled errors fail the run but are not in the JSON report: this reporter keeps them.
      '--reporter=./tests/support/unhandled-errors-reporter.ts',
      // Each test's duration beside its own timeout: the slow ones are named below.
      '--reporter=./tests/support/test-timings-reporter.ts',
    ],
    counts: () => {
      const report = readJson(path.join(results, 'vitest.json'));
      const unhandled = (readJson(unhandledErrorsFile) ?? []) as unknown as UnhandledError[];
      return {
        passed: Number(report?.numPassedTests ?? 0),
        failed: Number(report?.numFailedTests ?? 0),
        failures: [...vitestFailures(report, root), ...vitestUnhandledErrors(unhandled, root)],
      };
    },
  },
  {
    name: 'playwright',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'],
    counts: () => {
      const report = readJson(path.join(results, 'e2e.json'));
      const stats = report?.stats as Record<string, number> | undefined;
      return {
        passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
        failed: stats?.unexpected ?? 0,
        failures: playwrightFailures(report?.suites as PlaywrightSuite[] | undefined),
      };
    },
  },
];

let passed = 0;
let failed = 0;
const lines: string[] = [];
/**
 * The step running now, in a process group of its own: an interrupted `npm test` (SIGINT or
 * SIGTERM) passes the signal to the whole group and waits for it, so no step's processes (Vitest's
 * workers, Playwright and its web servers, which also end with their runner) outlive the run.
 */
let current: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping ${current ? 'the running step' : 'the run'}…`);
    if (current?.pid !== undefined && current.exitCode === null) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // Already gone.
      }
      current.once('exit', () => process.exit(130));
    } else process.exit(130);
  });
}
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  current = spawn(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    detached: true,
  });
  const [status] = (await once(current, 'exit')) as [number | null];
  const run = { status };
  const ok = run.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.counts) {
    const counts = step.counts();
    passed += counts.passed;
    failed += counts.failed;
    // A runner that failed without reporting a failed test (it crashed, or found no tests) still fails.
    if (!ok && counts.failed === 0) failed += 1;
    lines.push(
      `${ok ? '✓' : '✗'} ${step.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds} s)`,
      // The failed tests by name, so the last lines of a CI log say what to look at.
      ...counts.failures.map((failure) => `    ✗ ${failure}`),
    );
  } else {
    if (!ok) failed += 1;
    lines.push(`${ok ? '✓' : '✗'} ${step.name} (${seconds} s)`);
  }
}

// Tests that pass by a margin a busy machine can take away (issue #57): named, not failed, since
// how long a test takes depends on the machine it runs on.
const slow = overAQuarter((readJson(testTimingsFile) ?? []) as unknown as TestTiming[]);
if (slow.length > 0)
  lines.push(
    `  ${slow.length} Vitest test(s) took over a quarter of their timeout (docs/testing.md):`,
    ...slow.map(
      (timing) =>
        `    ${(timing.ms / 1000).toFixed(1)} s of ${timing.timeoutMs / 1000} s  ${timing.file} › ${timing.name}`,
    ),
  );

console.log(`\n${lines.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
