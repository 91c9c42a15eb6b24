import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../../server/cli/build.mjs';
import { generatePortfolio, resolvePortfolioOptions } from '../../server/emulator/portfolio';
import { writeSection } from './report-sections';
import { signIn, startLargeStorey } from './large-storey';
import { figureRecorder, figureTable, percentile } from './figures';

const group = 'Access scopes';
const rounds = 30;

/**
 * A person who sees 50 sites of the large profile (10,000 buildings, 336,000 rooms) beside a
 * person who sees everything, on one Storey in one run, their requests interleaved so whatever
 * else the machine does falls on both alike: the cost of the scope (decision 0020).
 */
export async function accessScopesBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  await build({ ifStale: true });
  const portfolio = generatePortfolio(resolvePortfolioOptions({ profile: 'large' }));
  const sites = portfolio.sites.filter((_, index) => index % 4 === 0).slice(0, 50);
  const directory = await mkdtemp(path.join(tmpdir(), 'storey-bench-scopes-'));
  const scopesFile = path.join(directory, 'scopes.yaml');
  await writeFile(
    scopesFile,
    [
      'claim: groups',
      'grants:',
      '  - { group: facility-managers, all: true, role: operator }',
      `  - group: fm-provider`,
      '    role: viewer',
      '    sites:',
      ...sites.map((site) => `      - '${site.id}'`),
      '',
    ].join('\n'),
  );
  const storey = await startLargeStorey({ SCOPES_FILE: scopesFile });
  try {
    const base = storey.url;
    const cookies = { all: await signIn(base, 'dana'), scoped: await signIn(base, 'pat') };
    const ask = (who: keyof typeof cookies, url: string) =>
      fetch(`${base}${url}`, { headers: { 'x-csrf': '1', cookie: cookies[who] } });
    for (;;) {
      const status = (await (await ask('all', '/api/index/status')).json()) as { state: string };
      if (status.state === 'ready') break;
      if (status.state === 'failed') throw new Error('The index did not sync.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Once Storey is idle (its first rounds of conditions and energy done).
    for (let waited = 0; waited < 300; waited += 2) {
      const before = storey.cpuSeconds();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (storey.cpuSeconds() - before < 0.1) break;
    }
    const scopedBuildings = Number(
      (await ask('scoped', '/api/Buildings?take=1')).headers.get('x-total-count'),
    );
    const reads = {
      'the portfolio (its first page of buildings, and the sites)': [
        '/api/Buildings?includeCounts=true&take=1000&skip=0',
        '/api/Sites?take=1000&skip=0',
      ],
      search: ['/api/index/search?q=meeting&limit=50', '/api/index/search?q=reception&limit=50'],
      '“Needs attention” and totals': [
        '/api/index/attention?limit=200',
        '/api/index/totals?by=site',
      ],
    } as const;
    for (const [what, urls] of Object.entries(reads)) {
      const times = { all: [] as number[], scoped: [] as number[] };
      for (let round = 0; round < rounds; round++)
        for (const url of urls)
          for (const who of round % 2 === 0
            ? (['all', 'scoped'] as const)
            : (['scoped', 'all'] as const)) {
            const started = performance.now();
            const answer = await ask(who, url);
            await answer.arrayBuffer();
            if (answer.status !== 200)
              throw new Error(`${url} answered ${answer.status} to ${who}`);
            times[who].push(performance.now() - started);
          }
      const all = percentile(times.all, 0.95);
      const scoped = percentile(times.scoped, 0.95);
      record({
        group,
        name: `${what}: p95 for a person of 50 sites (${scopedBuildings.toLocaleString('en-GB')} buildings) · for a person who sees all 10,000, ${rounds} rounds interleaved`,
        value: `${scoped.toFixed(0)} ms · ${all.toFixed(0)} ms (${(scoped / all).toFixed(2)}×)`,
        target: '≤ 1.1× or + 20 ms',
        met: scoped <= Math.max(all * 1.1, all + 20),
        command,
      });
    }
  } finally {
    await storey.stop();
    await rm(directory, { recursive: true, force: true });
  }
  // Its own section (like the soak's): a run of this part alone (BENCH_ONLY=access) writes it too.
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'access') return;
  await writeSection(
    'access-scopes',
    [
      `## ${group}`,
      '',
      `Measured with \`${command}\` on the large profile: one Storey (the production build, embedded database), a person who sees 50 of its 200 sites beside one who sees everything, their requests interleaved. A scoped person's listings come from the index and every index read runs as the reader role under row-level security (decision 0020); the unscoped reads take no role and no per-row predicate (the EXPLAIN check in tests/server/access-database-backstop.test.ts). A scoped read pays the policy's hashed semi-join on every row it reads (the scope's rows are made once per run) and reads fewer rows than an unscoped one; its search uses the names' index because full-text match is marked LEAKPROOF (decision 0020: before, 250–660 ms), and its listings leave the database as JSON text (before: 88 ms against 33). An unscoped person's listings are relayed from the platform. \`BENCH_ONLY=access npm run bench\` runs and writes this section alone.`,
      '',
      ...figureTable(figures, 'measure'),
    ].join('\n'),
  );
}
