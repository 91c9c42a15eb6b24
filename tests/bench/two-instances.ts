/**
 * `npm run bench:instances`: two BFF instances behind nginx (Debian's package) on loopback. Under a
 * steady GET load, one instance is stopped (SIGTERM: it finishes what it has in flight) halfway
 * through; the load must see no failure. Writes its section of docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from '../../server/cli/build.mjs';
import {
  freePort,
  platformEnvironment,
  productionServer,
  startService,
} from '../support/processes';
import { writeSection } from './report-sections';

// The BFF runs compiled, as in production.
build({ ifStale: true });
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!existsSync(nginxBinary)) {
  console.error(
    `This check needs nginx at ${nginxBinary}: sudo apt-get install -y nginx-light (or set NGINX_PATH).`,
  );
  process.exit(1);
}
const seconds = Number(process.env.INSTANCES_SECONDS ?? 20);

const emulatorPort = await freePort();
const emulator = await startService(
  'server/cli/emulator.ts',
  { EMULATOR_PORT: String(emulatorPort), EMULATOR_BUILDINGS: '500' },
  emulatorPort,
  '/api/Sites',
);
const platformEnv = {
  ...platformEnvironment(emulator),
  RATE_LIMIT_MAX: '100000000',
};
const ports = [await freePort(), await freePort()];
const instances = await Promise.all(
  ports.map((port) =>
    startService(productionServer, { ...platformEnv, PORT: String(port) }, port, '/readyz'),
  ),
);

// nginx: round robin over both; a connection error or a 502/503 from one instance is retried on the other (GETs are idempotent).
const prefix = mkdtempSync(path.join(tmpdir(), 'storey-nginx-'));
mkdirSync(path.join(prefix, 'logs'));
const nginxPort = await freePort();
writeFileSync(
  path.join(prefix, 'nginx.conf'),
  `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream storey {
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://storey;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`,
);
const nginx = spawn(nginxBinary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`http://127.0.0.1:${nginxPort}/healthz`)).ok) break;
  } catch {
    if (attempt > 50) throw new Error('nginx did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const statuses = new Map<number, number>();
const load = new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${nginxPort}/api/Buildings?take=50`,
      headers: { 'x-csrf': '1' },
      connections: 20,
      duration: seconds,
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  );
  instance.on('response', (_client, statusCode) =>
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1),
  );
});
await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
const stoppedAt = Date.now();
await instances[0]!.stop();
const stopMs = Date.now() - stoppedAt;
const result = await load;
nginx.kill('SIGTERM');
await instances[1]!.stop();
await emulator.stop();

const failures =
  [...statuses].filter(([status]) => status !== 200).reduce((sum, [, count]) => sum + count, 0) +
  result.errors +
  result.timeouts;
const summary = `${result.requests.total} GET requests through nginx over ${seconds} s (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms); instance 1 of 2 stopped with SIGTERM after ${seconds / 2} s (it shut down in ${stopMs} ms)`;
console.log(`${failures === 0 ? '✓' : '✗'} ${summary}: ${failures} failures`);
await writeSection(
  'instances',
  [
    '## Two instances behind a load balancer',
    '',
    `\`npm run bench:instances\` on ${new Date().toISOString().slice(0, 10)}: two BFF instances behind Debian's nginx on loopback (round robin, a failed attempt retried on the other instance). ${summary}.`,
    '',
    '| check | measured | target | met |',
    '| --- | --- | --- | --- |',
    `| Failed requests (non-200, socket errors, timeouts) | ${failures} | 0 | ${failures === 0 ? 'yes' : '**no**'} |`,
  ].join('\n'),
);
process.exit(failures === 0 ? 0 : 1);
