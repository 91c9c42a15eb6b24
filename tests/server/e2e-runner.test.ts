/**
 * The browser tests' runner leaves nothing behind: interrupted (by SIGTERM, which skips
 * Playwright's own teardown) while some of its web servers are up and the next is still starting,
 * every server it started stops with it, so the next run finds no port taken and no process
 * running. Its ports are free ones chosen per run (playwright.config.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
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

/**
 * The processes started for the runner `owner`: each web server (npm and the node under it) carries
 * its runner's pid in STOREY_EXIT_WITH_PID (playwright.config.ts), read from /proc.
 */
async function processesOf(owner: number): Promise<number[]> {
  const mark = `STOREY_EXIT_WITH_PID=${owner}`;
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'latin1').catch(() => '');
    if (environ.split('\0').includes(mark)) found.push(Number(entry));
  }
  return found;
}

/** Waits until no process of the runner `owner` is left (looked at every 100 ms, as `until`). */
async function untilNoneOf(owner: number) {
  while ((await processesOf(owner)).length > 0)
    await new Promise((resolve) => setTimeout(resolve, 100));
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
      // Up: the first web server and the dev loop (the BFF behind Vite listens too); Playwright
      // starts its servers one after another, so the next one is starting now. Waiting for all
      // six took a quarter of this test's timeout (issue #57) and proved no more.
      const [main, dev, devBff] = ports as [number, number, number];
      await until([main, dev, devBff], true);
      expect((await processesOf(runner.pid!)).length).toBeGreaterThan(0);
      runner.kill('SIGTERM');
      await once(runner, 'exit');
      // Nothing left running, also of the server that was still starting, nor listening.
      await untilNoneOf(runner.pid!);
      await until(ports, false);
      expect(await Promise.all(ports.map(listening))).toEqual(ports.map(() => false));
    } finally {
      if (runner.exitCode === null) runner.kill('SIGKILL');
    }
  });
});
