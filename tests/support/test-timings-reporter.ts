/**
 * A Vitest reporter that writes each test's duration beside its own timeout (the project's, or the
 * one the test sets) to a JSON file. Issue #57's rule, that a test take at most a quarter of its
 * timeout on a quiet machine, needs both; Vitest's JSON report has durations but no timeouts.
 * `npm test` names the tests over that quarter, and `npm run test:under-load` reads these files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface TestTiming {
  /** The test file from the checkout's root, with forward slashes. */
  file: string;
  name: string;
  ms: number;
  timeoutMs: number;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
}

const root = path.resolve(import.meta.dirname, '../..');

/** Where `npm test` (tests/run-all.ts) writes and reads them. */
export const testTimingsFile = path.join(root, 'test-results/vitest-timings.json');

class TestTimingsReporter implements Reporter {
  private readonly outputFile: string;

  /** Vitest passes a reporter named on its command line an options object (empty there). */
  constructor(options: { outputFile?: string } = {}) {
    // A run that keeps its own (npm run test:under-load, one file a run) names it in the env.
    this.outputFile = options.outputFile ?? process.env.STOREY_TEST_TIMINGS_FILE ?? testTimingsFile;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const timings: TestTiming[] = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        file: path.relative(root, module.moduleId).split(path.sep).join('/'),
        name: test.fullName,
        ms: Math.round(test.diagnostic()?.duration ?? 0),
        timeoutMs: test.options.timeout ?? 0,
        state: test.result().state,
      })),
    );
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(timings, null, 2));
  }
}

/** The tests that took more than a quarter of their timeout, slowest share first. */
export const overAQuarter = (timings: readonly TestTiming[]): TestTiming[] =>
  timings
    .filter((timing) => timing.state === 'passed' && timing.ms > timing.timeoutMs / 4)
    .sort((a, b) => b.ms / b.timeoutMs - a.ms / a.timeoutMs);

// Vitest loads a reporter named on its command line by the module's default export.
export default TestTimingsReporter;
