import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  playwrightFailures,
  vitestFailures,
  vitestUnhandledErrors,
  type UnhandledError,
} from '../support/run-summary';
import { overAQuarter, type TestTiming } from '../support/test-timings-reporter';
// Vitest loads a reporter by its default export; the test reads it the same way.
import UnhandledErrorsReporter from '../support/unhandled-errors-reporter';

describe("npm test's summary", () => {
  it('names each failed Vitest test and why, and a file that failed to run', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a › times out',
              status: 'failed',
              failureMessages: [
                '\u001b[31m\nError: Test timed out in 20000ms.\u001b[39m\n    at x',
              ],
            },
          ],
        },
        {
          name: '/repo/tests/src/b.test.tsx',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
        { name: '/repo/tests/src/c.test.tsx', status: 'passed', assertionResults: [] },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'tests/server/a.test.ts › a › times out: Error: Test timed out in 20000ms.',
      'tests/src/b.test.tsx: Cannot find module',
    ]);
  });

  it('names each unexpectedly failed Playwright test with its project, place and why', () => {
    const suites = [
      {
        file: 'search.spec.ts',
        specs: [
          {
            title: 'opens the room',
            line: 12,
            tests: [
              { projectName: 'dashboard', status: 'expected', results: [] },
              {
                projectName: 'dashboard',
                status: 'unexpected',
                results: [
                  {
                    error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: x' },
                  },
                ],
              },
            ],
          },
        ],
        suites: [
          {
            file: 'search.spec.ts',
            specs: [
              { title: 'flaky', line: 30, tests: [{ projectName: 'dashboard', status: 'flaky' }] },
            ],
          },
        ],
      },
    ];
    expect(playwrightFailures(suites)).toEqual([
      '[dashboard] search.spec.ts:12 › opens the room: Error: expect(locator).toBeVisible() failed',
    ]);
  });

  it('names an error Vitest met outside every test, which fails the run while all tests pass', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'storey-unhandled-'));
    try {
      const file = path.join(directory, 'vitest-unhandled.json');
      new UnhandledErrorsReporter({ outputFile: file }).onTestRunEnd(
        [],
        [
          {
            name: 'Error',
            message: 'connection closed\n    at x',
            VITEST_TEST_PATH: '/repo/tests/server/alarms.test.ts',
            VITEST_TEST_NAME: 'raises once',
          },
          { name: 'TypeError', message: 'worker exited' },
        ],
      );
      const written = JSON.parse(readFileSync(file, 'utf8')) as UnhandledError[];
      expect(vitestUnhandledErrors(written, '/repo')).toEqual([
        'unhandled Error in tests/server/alarms.test.ts › raises once: connection closed',
        'unhandled TypeError: worker exited',
      ]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('names the passing tests over a quarter of their own timeout, the nearest to it first', () => {
    const timing = (name: string, ms: number, timeoutMs: number, state = 'passed') =>
      ({ file: 'tests/a.test.ts', name, ms, timeoutMs, state }) as TestTiming;
    const slow = overAQuarter([
      timing('quick', 100, 20_000),
      timing('a quarter exactly', 5_000, 20_000),
      timing('slow for the project', 6_000, 20_000),
      timing('slow for its own timeout', 100_000, 240_000),
      timing('long but with its own timeout', 45_000, 240_000),
      timing('failed', 19_000, 20_000, 'failed'),
    ]).map((entry) => entry.name);
    expect(slow).toEqual(['slow for its own timeout', 'slow for the project']);
  });
});
