/**
 * What `npm test` needs beyond npm's packages, checked before anything runs: Debian's Chromium for
 * the browser tests, redis-server for the shared session store, PostgreSQL's server for the index
 * on a real database with several instances (each test starts its own on a free loopback port).
 * Where it can (root, or sudo without a password, on Debian or Ubuntu) it installs what is missing
 * and says so; where it cannot, it stops in the first seconds with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chromiumPath } from './chromium';

interface Prerequisite {
  /** The Debian packages that bring it. */
  packages: string[];
  what: string;
  present: () => boolean;
}

const onPath = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((version) =>
    existsSync(`/usr/lib/postgresql/${version}/bin/postgres`),
  );

export const prerequisites: Prerequisite[] = [
  {
    packages: ['chromium', 'fonts-dejavu-core'],
    what: `Chromium at ${chromiumPath} (or in CHROME_PATH), for the browser tests`,
    present: () => existsSync(chromiumPath),
  },
  {
    packages: ['redis-server'],
    what: 'redis-server, for the shared session store',
    present: () => onPath('redis-server'),
  },
  {
    packages: ['postgresql'],
    what: 'PostgreSQL, for the portfolio index on a real database',
    present: postgresInstalled,
  },
];

/** root, or sudo that asks for no password: the prefix for apt-get, else undefined. */
function privilege(): string[] | undefined {
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0)
    return ['sudo', '-n'];
  return undefined;
}

/**
 * Checks every prerequisite, installing the missing ones where it may. Returns the lines to print
 * and whether the run can go on.
 */
export function ensurePrerequisites(): { ok: boolean; lines: string[] } {
  const missing = prerequisites.filter((prerequisite) => !prerequisite.present());
  if (missing.length === 0) return { ok: true, lines: [] };
  const packages = missing.flatMap((prerequisite) => prerequisite.packages);
  const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
  const lines = missing.map((prerequisite) => `missing: ${prerequisite.what}`);
  const prefix = privilege();
  if (!existsSync('/etc/debian_version') || prefix === undefined)
    return {
      ok: false,
      lines: [
        ...lines,
        `Install them, then run npm test again:\n  ${command}`,
        '(On another system, install Chromium, Redis and PostgreSQL and set CHROME_PATH.)',
      ],
    };
  const run = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args];
    return spawnSync(command!, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  };
  console.log(`${lines.join('\n')}\nInstalling Debian's ${packages.join(', ')} (apt-get)…`);
  if (
    run(['apt-get', 'update', '-qq']) !== 0 ||
    run(['apt-get', 'install', '-y', '-qq', ...packages]) !== 0
  )
    return { ok: false, lines: [`apt-get failed. Run:\n  ${command}`] };
  // The packages start system-wide servers; the tests start their own and need none.
  for (const service of ['redis-server', 'postgresql']) run(['service', service, 'stop']);
  const still = prerequisites.filter((prerequisite) => !prerequisite.present());
  return still.length === 0
    ? { ok: true, lines: [`Installed ${packages.join(', ')}.`] }
    : { ok: false, lines: still.map((prerequisite) => `still missing: ${prerequisite.what}`) };
}
