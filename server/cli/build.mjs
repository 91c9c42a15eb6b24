// @ts-check
/**
 * The production build: the dashboard (Vite → dist/client) and the BFF (tsc → dist/server).
 * Plain JavaScript so it runs on plain `node`, before anything is compiled.
 *
 *   node server/cli/build.mjs             build both
 *   node server/cli/build.mjs --if-stale  build only what is missing or older than its sources
 *
 * Each build runs in a child process: its memory (hundreds of MB) leaves with it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** @param {string} target @returns {number} the newest modification time below target */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (latest, entry) => Math.max(latest, newest(path.join(target, entry))),
    stats.mtimeMs,
  );
}

/** @param {string} stamp @param {string[]} inputs */
const isStale = (stamp, inputs) => {
  const builtAt = newest(path.join(root, stamp));
  return builtAt === 0 || inputs.some((input) => newest(path.join(root, input)) > builtAt);
};

/** @param {string} what @param {string} packageName @param {string} bin @param {string[]} args */
function run(what, packageName, bin, args) {
  let cli;
  try {
    cli = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), bin);
  } catch {
    throw new Error(
      `${what} needs ${packageName}, a development dependency: run \`npm install\` (or build before \`npm ci --omit=dev\`).`,
    );
  }
  // NODE_ENV is set explicitly: Vite keeps an inherited one (test runners set "test"), which
  // would bundle React's development build.
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${String(result.status ?? result.signal)}).`);
}

export const targets = [
  {
    name: 'the dashboard',
    stamp: 'dist/client/index.html',
    inputs: [
      'src',
      'public',
      'index.html',
      'vite.config.ts',
      'package-lock.json',
      'server/http/paths.ts',
    ],
    build: () => run('The dashboard build', 'vite', 'bin/vite.js', ['build', '--logLevel', 'warn']),
  },
  {
    name: 'the server',
    stamp: 'dist/server/.built',
    inputs: ['server', 'src/shared', 'package-lock.json'],
    build: () => {
      run('The server build', 'typescript', 'bin/tsc', ['-p', 'server/tsconfig.json']);
      // The emulator reads its schemas beside its compiled code.
      mkdirSync(path.join(root, 'dist/server/emulator'), { recursive: true });
      for (const schema of ['schema.graphql', 'schema-spec.graphql'])
        copyFileSync(
          path.join(root, 'server/emulator', schema),
          path.join(root, 'dist/server/emulator', schema),
        );
      writeFileSync(path.join(root, 'dist/server/.built'), new Date().toISOString());
    },
  },
];

/** @param {{ ifStale: boolean }} options */
export function build({ ifStale }) {
  for (const target of targets) {
    if (ifStale && !isStale(target.stamp, target.inputs)) continue;
    if (ifStale)
      console.log(
        existsSync(path.join(root, target.stamp))
          ? `Building ${target.name} (its sources are newer than its build)…`
          : `Building ${target.name} (the first start builds it once)…`,
      );
    target.build();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    build({ ifStale: process.argv.includes('--if-stale') });
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}
