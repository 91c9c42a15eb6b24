/**
 * The browser tests' runner leaves nothing behind: interrupted while its web servers are up (by
 * SIGTERM, which skips Playwright's own teardown), every server it started stops with it, so the
 * next run finds no port taken. Its ports are free ones chosen per run (playwright.config.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';

const root = path.resolve(import.meta.dirname, '../..');

/** Whether something accepts connections on the port now. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Waits until every port is (or is no longer) listening. Processes of another runner give no
 * event to await, so this looks every 100 ms (as Testing Library's waitFor does); the test's
 * timeout bounds it.
 */
async function until(ports: number[], wanted: boolean) {
  for (;;) {
    const states = await Promise.all(ports.map(listening));
    if (states.every((state) => state === wanted)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the browser-test runner', () => {
  it('stops every web server it started when it is interrupted', { timeout: 240_000 }, async () => {
    const ports = await Promise.all(Array.from({ length: 6 }, () => freePort()));
    const runner = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        'tests/e2e/playwright.config.ts',
        'tests/e2e/dev-loop.spec.ts',
      ],
      {
        cwd: root,
        env: { ...process.env, E2E_PORTS: ports.join(','), CI: '' },
        stdio: 'ignore',
      },
    );
    try {
      // Up: every web server (the BFF behind Vite listens too).
      await until(ports, true);
      runner.kill('SIGTERM');
      await once(runner, 'exit');
      // Nothing left listening on any of them.
      await until(ports, false);
      expect(await Promise.all(ports.map(listening))).toEqual(ports.map(() => false));
    } finally {
      if (runner.exitCode === null) runner.kill('SIGKILL');
    }
  });
});
