import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { tracked } from '../../support/interrupt';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Debian's server binaries (`postgresql`, installed by .ci/run), newest version first. */
function binaries(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed here (apt-get install postgresql).');
  return path.join(base, versions[0]!, 'bin');
}

/**
 * A real PostgreSQL of its own: a fresh cluster in a temporary directory, on a free loopback port,
 * fsync off (the tests need no durability). PostgreSQL refuses to run as root, so as root it runs
 * as the `postgres` user Debian's package creates. Resolves once it accepts connections.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = binaries();
  const port = await freePort();
  const directory = mkdtempSync(path.join(tmpdir(), 'storey-pg-'));
  chmodSync(directory, 0o777);
  const data = path.join(directory, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const)
      : ([command, args] as const);
  const [initCommand, initArgs] = run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'storey',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const [command, args] = run(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    directory,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', (error) => reject(new Error(`postgres could not start: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${output}`)));
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
  });
  child.removeAllListeners('exit');
  return {
    url: `postgres://storey@127.0.0.1:${port}/postgres`,
    stop: tracked(async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          // Fast shutdown (ends the instances' connections rather than waiting for them), sent to
          // the server itself: runuser, in between as root, does not pass signals on.
          const pid = Number(
            readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0],
          );
          process.kill(pid, 'SIGINT');
        });
      }
      rmSync(directory, { recursive: true, force: true });
    }),
  };
}
