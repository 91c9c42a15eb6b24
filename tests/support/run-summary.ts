/**
 * What `npm test` prints last: each failed test by name and the first line of why, read from the
 * runners' JSON reports, so the tail of a CI log says what to look at.
 */
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of a failure's message, short enough for the summary a CI log ends with. */
export const firstLine = (message: unknown): string =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';

interface VitestFile {
  name?: string;
  message?: string;
  status?: string;
  assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[];
}

/** Each failed Vitest test (or file that failed to run) as "file › test: why". */
export const vitestFailures = (
  report: Record<string, unknown> | undefined,
  root: string,
): string[] =>
  ((report?.testResults ?? []) as VitestFile[]).flatMap((file) => {
    const where = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed')
      return [`${where}: ${firstLine(file.message)}`];
    return failedTests;
  });

export interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title?: string;
    line?: number;
    tests?: {
      projectName?: string;
      status?: string;
      results?: { error?: { message?: string } }[];
    }[];
  }[];
}

/** Each unexpectedly failed Playwright test as "[project] file:line › title: why". */
export const playwrightFailures = (suites: PlaywrightSuite[] | undefined): string[] =>
  (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) =>
            `[${test.projectName}] ${suite.file}:${spec.line} › ${spec.title}: ${firstLine(
              test.results?.at(-1)?.error?.message,
            )}`,
        ),
    ),
    ...playwrightFailures(suite.suites),
  ]);

export interface UnhandledError {
  name?: string;
  message?: string;
  file?: string;
  test?: string;
}

/**
 * Each error Vitest met outside any test's result (it fails the run while every test passes) as
 * "unhandled Name in file › test: why".
 */
export const vitestUnhandledErrors = (
  errors: readonly UnhandledError[] | undefined,
  root: string,
): string[] =>
  (errors ?? []).map((error) => {
    const where = [
      error.file === undefined ? undefined : path.relative(root, error.file),
      error.test,
    ]
      .filter((part) => part !== undefined)
      .join(' › ');
    return `unhandled ${error.name ?? 'Error'}${where === '' ? '' : ` in ${where}`}: ${firstLine(
      error.message,
    )}`;
  });
