import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from '../support/free-port';
import { chromiumArgs, chromiumPath } from '../support/chromium';

if (!existsSync(chromiumPath)) {
  throw new Error(
    `Browser tests need Chromium at ${chromiumPath}, and it is not there.\n` +
      `Install Debian's package with: sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROME_PATH at another Chromium or Chrome binary.`,
  );
}

/**
 * The web servers' ports: free ones, chosen once by the runner (its workers load this file again
 * and inherit E2E_PORTS from it), so a port some other program holds never fails a run. Set
 * E2E_PORTS (six, comma-separated) to choose them.
 */
process.env.E2E_PORTS ??= (await Promise.all(Array.from({ length: 6 }, () => freePort()))).join(
  ',',
);
const [port, devPort, devBffPort, largePort, leanPort, hostilePort] = process.env.E2E_PORTS.split(
  ',',
).map(Number) as [number, number, number, number, number, number];
export const baseURL = `http://127.0.0.1:${port}`;
/** `npm run dev` (Vite with hot reload in front of the BFF), for the dev-loop test. */
export const devURL = `http://127.0.0.1:${devPort}`;
/**
 * Every web server ends with this runner, even one stopped by SIGTERM or SIGKILL that skips its
 * teardown (server/cli/exit-with-owner.ts). Set by the runner's own load of this file only.
 */
process.env.STOREY_E2E_RUNNER_PID ??= String(process.pid);
const owner = { STOREY_EXIT_WITH_PID: process.env.STOREY_E2E_RUNNER_PID };
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // Deliberately longer than Playwright's 5 s: a first screen on a loaded 2-core machine (lazy
  // chunk, 10,000 rows) can take several seconds; an assertion still failing at 15 s is a bug.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/e2e.json') }]],
  // Every project waits for the large profile's first index sync (large-index.setup.ts).
  projects: [
    {
      name: 'large-index',
      testMatch: /large-index\.setup\.ts/,
      use: { baseURL: `http://127.0.0.1:${largePort}` },
    },
    { name: 'sign-in', testMatch: /auth\.setup\.ts/, dependencies: ['large-index'] },
    {
      name: 'dashboard',
      testMatch: /.*\.spec\.ts/,
      testIgnore: /(dev-loop|large-portfolio|spec-only|other-platforms)\.spec\.ts/,
      dependencies: ['sign-in'],
      use: { storageState: path.join(root, 'test-results/e2e-signed-in.json') },
    },
    {
      name: 'dev-loop',
      testMatch: /dev-loop\.spec\.ts/,
      dependencies: ['large-index'],
      use: { baseURL: devURL },
    },
    {
      name: 'large-portfolio',
      testMatch: /large-portfolio\.spec\.ts/,
      dependencies: ['large-index'],
      use: { baseURL: `http://127.0.0.1:${largePort}` },
    },
    // Platforms other than the emulator's own (server/emulator/variants.ts).
    {
      name: 'lean-platform',
      dependencies: ['large-index'],
      testMatch: /(spec-only|other-platforms)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${leanPort}` },
    },
    {
      name: 'hostile-platform',
      dependencies: ['large-index'],
      testMatch: /other-platforms\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${hostilePort}` },
    },
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: [
    // The production build, started exactly as `npm start` starts it, on the built-in emulator.
    {
      command: 'npm start',
      cwd: root,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The walk runs at whatever hour the machine's clock says, on the emulator's readings of
        // that hour: bands around the clock, so a run at night still finds rooms out of band.
        // The comfort hours are tested at set times (tests/src/comfort-hours.test.tsx, the
        // index's tests).
        COMFORT_HOURS: 'always',
        // Alarm e-mails of the first round reach the Outbox within seconds, not five minutes.
        ALARM_GROUP_MINUTES: '0.1',
        NOTIFY_EVERY_SECONDS: '2',
        ...owner,
      },
      stdout: 'pipe',
    },
    // The dev loop: Vite serving the sources, the BFF behind its proxy.
    {
      command: 'npm run dev',
      cwd: root,
      url: `${devURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(devPort),
        BFF_PORT: String(devBffPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...owner,
      },
      stdout: 'pipe',
    },
    ...(
      [
        { at: leanPort, env: { EMULATOR_VARIANT: 'lean' } },
        { at: hostilePort, env: { EMULATOR_VARIANT: 'hostile' } },
        // The 10,000-building screens, started last (Playwright starts its servers one after
        // another): its first index sync begins when it listens and would slow the others'
        // start. Every project waits for that sync (large-index.setup.ts); its rounds of
        // conditions and meters read a few hundred buildings, once: their cost at this size is
        // measured by `npm run bench`, not raced against tests.
        {
          at: largePort,
          env: {
            EMULATOR_PROFILE: 'large',
            CONDITIONS_REQUEST_BUDGET: '300',
            ENERGY_REQUEST_BUDGET: '300',
            CONDITIONS_REFRESH_MINUTES: String(24 * 60),
          },
        },
      ] as Array<{ at: number; env: Record<string, string> }>
    ).map(({ at, env }) => ({
      command: 'npm start',
      cwd: root,
      url: `http://127.0.0.1:${at}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { PORT: String(at), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...owner, ...env },
      stdout: 'pipe' as const,
    })),
  ],
});
