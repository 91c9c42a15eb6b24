/**
 * The production build on plain node, exactly as the image runs it: the Dockerfile's runtime
 * steps (its RUN, COPY of dist, USER, HEALTHCHECK and CMD lines) carried out in a temporary copy,
 * since no Docker engine runs on the project's machines. `npm test` has run `npm run build` (the
 * build stage's last step) before this file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/cli/build.mjs';
import { freePort, root } from '../support/processes';
import { dockerfilePath, execForm, instructionValues, readDockerfile } from '../support/dockerfile';
import { platformVariables, startPlatform, type RunningPlatform } from './support/harness';

const stages = readDockerfile();
const values = (name: string, keyword: string) => instructionValues(stages, name, keyword);

describe('the Dockerfile', () => {
  it('has nothing a Dockerfile linter (dockerfile-utils, as in VS Code) objects to', () => {
    const text = readFileSync(dockerfilePath, 'utf8');
    expect(validate(text).map((diagnostic) => diagnostic.message)).toEqual([]);
    // The linter is live: a Dockerfile with known mistakes is not clean.
    expect(validate('FROM node\nEXPOSE abc\nMAINTAINER me\n')).toHaveLength(2);
  });

  it('builds in one stage and runs the build, non-root, in another with production dependencies only', () => {
    expect(stages.map((candidate) => candidate.name)).toEqual(['build', 'runtime']);
    expect(values('build', 'RUN')).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(values('runtime', 'RUN')[0]).toMatch(/^npm ci --omit=dev\b/);
    expect(values('runtime', 'COPY')).toContain('--from=build /app/dist ./dist');
    expect(values('runtime', 'USER')).toEqual(['node']);
    expect(values('runtime', 'HEALTHCHECK')[0]).toContain('/healthz');
    // Exec form: node itself is PID 1 and receives SIGTERM (no shell in between). The young
    // generation is capped (decision 0008): it is what keeps the BFF's memory bounded under load;
    // gc is exposed so the index can hand back the embedded database's start-up memory (0010).
    expect(execForm(values('runtime', 'CMD')[0]!)).toEqual([
      'node',
      '--max-semi-space-size=4',
      '--expose-gc',
      'dist/server/cli/start.js',
    ]);
  });

  it('runs node with the same flags as `npm start`, so the figures measured on one hold for the other', () => {
    const [, ...imageArguments] = execForm(values('runtime', 'CMD')[0]!);
    const imageFlags = imageArguments.filter((argument) => argument.startsWith('--'));
    const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const [command, ...startArguments] = packageJson.scripts.start!.split(/\s+/);
    expect(command).toBe('node');
    expect(startArguments.filter((argument) => argument.startsWith('--'))).toEqual(imageFlags);
  });
});

describe('the runtime stage, carried out without Docker', () => {
  let workdir: string;
  let platform: RunningPlatform;
  let server: ChildProcess | undefined;
  let url: string;
  let environment: Record<string, string>;
  /** Everything the server printed, shown when a check of it fails. */
  let output = '';

  beforeAll(async () => {
    build({ ifStale: true }); // the build stage's `npm run build` (already done by npm test)
    workdir = mkdtempSync(path.join(tmpdir(), 'storey-image-'));
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(path.join(root, file), path.join(workdir, file));
    // The runtime RUN line as written; the npm cache filled by the build stage's `npm ci` serves it.
    const install = spawnSync('sh', ['-c', values('runtime', 'RUN')[0]!], {
      cwd: workdir,
      env: { ...process.env, npm_config_prefer_offline: 'true', npm_config_loglevel: 'error' },
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    cpSync(path.join(root, 'dist'), path.join(workdir, 'dist'), { recursive: true });

    platform = await startPlatform();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const imageEnvironment = Object.fromEntries(
      values('runtime', 'ENV')
        .join(' ')
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    );
    environment = {
      PATH: process.env.PATH ?? '',
      ...imageEnvironment,
      // On loopback here (the image listens on 0.0.0.0 behind its network), on a real platform.
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...platformVariables(platform.settings),
    };
    const [command, ...args] = execForm(values('runtime', 'CMD')[0]!);
    server = spawn(command === 'node' ? process.execPath : command!, args, {
      cwd: workdir,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      server!.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
      server!.stdout!.on('data', () => output.includes('Storey is running') && resolve());
    });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
    }
    await platform?.close();
    if (workdir) rmSync(workdir, { recursive: true, force: true });
  });

  it('installs no development dependency', () => {
    for (const name of ['vite', 'typescript', 'tsx', 'react', 'vitest', '@mui/material'])
      expect(existsSync(path.join(workdir, 'node_modules', name)), name).toBe(false);
  });

  it('serves the dashboard, its assets and the API from the compiled server', async () => {
    const page = await fetch(`${url}/buildings/x`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('__STOREY_CSP_NONCE__');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${url}${script}`);
    expect(asset.status).toBe(200);
    // Read to its end, as a browser does: an answer left unread keeps its connection busy, and a
    // graceful stop waits for it (then gives up after 10 s and exits 1).
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const sites = await fetch(`${url}/api/Sites`, { headers: { 'x-csrf': '1' } });
    expect(sites.status).toBe(200);
    expect(Array.isArray(await sites.json())).toBe(true);
  });

  it("passes the image's HEALTHCHECK, then stops cleanly on SIGTERM", async () => {
    const check = execForm(values('runtime', 'HEALTHCHECK')[0]!);
    const health = spawnSync(process.execPath, check.slice(1), {
      env: environment,
      encoding: 'utf8',
    });
    expect(health.status, health.stderr).toBe(0);
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  });
});
