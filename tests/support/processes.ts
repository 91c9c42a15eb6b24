import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultCredentials } from '../../server/emulator/emulator';
import { imageCommand } from './dockerfile';
import { tracked } from './interrupt';

export const root = path.resolve(import.meta.dirname, '../..');

export { freePort } from './free-port';
export { stopEverythingOnInterrupt } from './interrupt';

export interface Service {
  child: ChildProcess;
  url: string;
  /** Resident memory of the process, from /proc. */
  rssMegabytes(): number;
  /** CPU time the process has used so far (user + system), from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * The BFF as the production image runs it: the Dockerfile's CMD (`node`, its flags, the compiled
 * entry), so memory and CPU figures hold for the image.
 */
export const productionServer = (() => {
  const [command, ...nodeArguments] = imageCommand();
  if (command !== 'node') throw new Error(`The image's CMD runs ${command}, not node.`);
  return nodeArguments;
})();

/**
 * Starts an entry in its own Node process and waits until `readyPath` answers 2xx: a TypeScript
 * source (through tsx), or node's arguments ending in a compiled entry (`productionServer`).
 */
export async function startService(
  entry: string | readonly string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
  /** Another checkout to run the entry from (a bench's previous build); this one by default. */
  at = root,
): Promise<Service> {
  const nodeArguments = typeof entry === 'string' ? [entry] : [...entry];
  const file = nodeArguments.pop() ?? '';
  // Compiled entries (dist/server) run on plain node, as in production; sources through tsx.
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArguments, ...loader, path.join(at, file)], {
    cwd: at,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}${readyPath}`);
      if (response.status < 500) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${file} did not start within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    rssMegabytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    cpuSeconds: () => {
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime and stime in
      // clock ticks, 100 a second on Linux.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: tracked(
      () =>
        new Promise((resolve) => {
          // A process killed by a signal has no exit code, only the signal's name.
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  };
}

/** The default seed's credentials: what `npm run emulator` prints and what a BFF needs to use it. */
export const emulatorCredentials = defaultCredentials('storey');

export function platformEnvironment(emulator: Service): Record<string, string> {
  return {
    PLATFORM_BASE_URL: emulator.url,
    PLATFORM_AUTH_URL: `${emulator.url}/identity`,
    PLATFORM_TENANT_ID: emulatorCredentials.tenantId,
    PLATFORM_CLIENT_ID: emulatorCredentials.clientId,
    PLATFORM_CLIENT_SECRET: emulatorCredentials.clientSecret,
    PLATFORM_SCOPE: emulatorCredentials.scope,
  };
}
