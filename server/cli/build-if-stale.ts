import { existsSync, readdirSync, statSync } from 'node:fs';
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
  const { build } = await import('vite');
  // Vite keeps an existing NODE_ENV (test runners set "test"), which would bundle React's
  // development build: what npm start serves is always the production build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
