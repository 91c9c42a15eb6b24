import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const inputs = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'server/emulator/schema.graphql',
];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stats.mtimeMs,
  );
}

/** Builds the SPA when dist/ is missing or older than any of its inputs. */
export async function buildIfStale(): Promise<void> {
  const builtAt = newestModification(path.join(root, 'dist', 'index.html'));
  const changedAt = Math.max(...inputs.map((input) => newestModification(path.join(root, input))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  console.log(
    builtAt === 0
      ? 'Building the dashboard (first start)…'
      : 'Sources changed since the last build: rebuilding the dashboard…',
  );
  // A child process: the build's memory (hundreds of MB) leaves with it instead of staying in the
  // server. NODE_ENV is set explicitly because Vite keeps an inherited one (test runners set
  // "test"), which would bundle React's development build.
  const viteCli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const result = spawnSync(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`The dashboard build failed (exit ${String(result.status ?? result.signal)}).`);
}
