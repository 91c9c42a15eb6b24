import { spawn } from 'node:child_process';
import { freePort } from '../../support/free-port';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Redis server (Debian's redis-server, installed by .ci/run) on a free loopback port, with
 * nothing written to disk. Resolves once it says it accepts connections.
 */
export async function startRedis(port?: number): Promise<RunningRedis> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', (error) =>
      reject(
        new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`),
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
