/**
 * A Vitest reporter that writes the run's unhandled errors (a rejection no test awaited, an error
 * thrown after its test ended, a worker that died) to a JSON file. Vitest fails the run for them
 * while every test passes, and its JSON report leaves them out, so without this the last lines of
 * a CI log said "1110 passed, 0 failed" under a red step and nothing else.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface UnhandledErrorRecord {
  name: string;
  message: string;
  /** The test file and test it was traced to, when Vitest knows. */
  file?: string;
  test?: string;
  stack?: string;
}

/** Where `npm test` (tests/run-all.ts) reads them. */
export const unhandledErrorsFile = path.resolve(
  import.meta.dirname,
  '../../test-results/vitest-unhandled.json',
);

class UnhandledErrorsReporter implements Reporter {
  private readonly outputFile: string;

  /** Vitest passes a reporter named on its command line an options object (empty there). */
  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? unhandledErrorsFile;
  }

  onTestRunEnd(
    _testModules: readonly TestModule[],
    unhandledErrors: readonly SerializedError[],
  ): void {
    const records: UnhandledErrorRecord[] = unhandledErrors.map((error) => ({
      name: String(error.name ?? 'Error'),
      message: String(error.message ?? ''),
      ...(typeof error.VITEST_TEST_PATH === 'string' ? { file: error.VITEST_TEST_PATH } : {}),
      ...(typeof error.VITEST_TEST_NAME === 'string' ? { test: error.VITEST_TEST_NAME } : {}),
      ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
    }));
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(records, null, 2));
  }
}

// Vitest loads a reporter named on its command line by the module's default export.
export default UnhandledErrorsReporter;
