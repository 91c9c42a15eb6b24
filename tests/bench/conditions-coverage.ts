import { build } from '../../server/cli/build.mjs';
import { writeSection } from './report-sections';
import { signIn, startLargeStorey } from './large-storey';
import { figureRecorder, figureTable, percentile } from './figures';

const group = 'Conditions coverage';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The round's target: every building with devices checked within this (issue #55, item 8). */
const targetMinutes = 10;
/** What a facility manager opens meanwhile, asked in turn, one at a time. */
const screens = [
  '/api/index/attention?limit=100',
  '/api/index/totals?by=site',
  '/api/Buildings?take=50',
];

interface Checks {
  buildings: number;
  checked: number;
  lastRound: {
    startedAt: string;
    finishedAt: string;
    buildingsChecked: number;
    platformRequests: number;
    error: string | null;
  } | null;
}

/**
 * The first conditions round on the large profile (10,000 buildings, 9,920 with devices) at
 * Storey's default settings (`CONDITIONS_REQUEST_BUDGET`, `CONDITIONS_REFRESH_MINUTES`): how many
 * buildings it covers and in how long, at what pace it asks the platform, and what a person
 * opening "Needs attention" and the portfolio waits meanwhile, beside the same requests once the
 * round is over, in one run.
 */
export async function conditionsCoverageBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  await build({ ifStale: true });
  const storey = await startLargeStorey({});
  try {
    const base = storey.url;
    const cookie = await signIn(base, 'dana');
    const ask = async (url: string) => {
      const answer = await fetch(`${base}${url}`, { headers: { 'x-csrf': '1', cookie } });
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}.`);
      return answer;
    };
    for (;;) {
      const { state } = (await (await ask('/api/index/status')).json()) as { state: string };
      if (state === 'ready') break;
      if (state === 'failed') throw new Error('The index did not sync.');
      await pause(1000);
    }
    const get = (url: string) => fetch(`${base}${url}`, { headers: { 'x-csrf': '1', cookie } });
    /** Each screen in turn, one request at a time, until `done` says stop: times and failures. */
    const openScreens = async (done: () => Promise<boolean>) => {
      const times: number[] = [];
      const failed: string[] = [];
      for (let next = 0; !(await done()); next++) {
        const url = screens[next % screens.length]!;
        const started = performance.now();
        const answer = await get(url);
        await answer.arrayBuffer();
        const ms = performance.now() - started;
        if (answer.ok) times.push(ms);
        else failed.push(`${url.split('?')[0]!} ${answer.status} after ${Math.round(ms)} ms`);
        await pause(250);
      }
      return { times, failed };
    };
    /** The checks so far; undefined when the index could not say just now. */
    const checks = async () => {
      const answer = await get('/api/index/attention?limit=1');
      if (!answer.ok) {
        await answer.arrayBuffer();
        return undefined;
      }
      return ((await answer.json()) as { checks: Checks }).checks;
    };
    let first: Checks | undefined;
    const during = await openScreens(async () => {
      const now = await checks();
      if (now?.lastRound) first = now;
      return Boolean(now?.lastRound);
    });
    const round = first!.lastRound!;
    const seconds = (Date.parse(round.finishedAt) - Date.parse(round.startedAt)) / 1000;
    const afterEnds = Date.now() + 60_000;
    const after = await openScreens(async () => Date.now() > afterEnds);
    record({
      group,
      name: `First round at the default settings: buildings checked of those with devices, and how long it took`,
      value: `${round.buildingsChecked.toLocaleString('en-GB')} of ${first!.buildings.toLocaleString('en-GB')} in ${(seconds / 60).toFixed(1)} min${round.error ? ` (stopped: ${round.error})` : ''}`,
      target: `all, ≤ ${targetMinutes} min`,
      met:
        round.buildingsChecked === first!.buildings &&
        round.error === null &&
        seconds <= targetMinutes * 60,
      command,
    });
    // What the pace allows in that time: the first burst at once, then the budget spread over
    // the period (decision 0013's defaults: 1,200, then 15,000 per 10 minutes).
    const allowed = 1200 + 1 + (seconds * 15_000) / (10 * 60);
    record({
      group,
      name: 'Its platform requests (retries and history look-backs included) against what the pace allows in that time (1,200 at once, then 25 a second)',
      value: `${round.platformRequests.toLocaleString('en-GB')} of ${Math.floor(allowed).toLocaleString('en-GB')} (${(round.platformRequests / seconds).toFixed(1)} a second on average)`,
      target: '≤ what the pace allows',
      met: round.platformRequests <= allowed,
      command,
    });
    const p95 = (times: number[]) => (times.length ? percentile(times, 0.95) : Number.NaN);
    record({
      group,
      name: `Needs attention, the totals and 50 buildings, one request at a time: p95 of those answered during the round (${during.times.length}) · after it (${after.times.length})`,
      value: `${p95(during.times).toFixed(0)} ms · ${p95(after.times).toFixed(0)} ms (${(p95(during.times) / p95(after.times)).toFixed(2)}×)`,
      target: 'reported',
      met: undefined,
      command,
    });
    record({
      group,
      name: 'Of those requests, answered with an error during the round · after it',
      value: `${during.failed.length} · ${after.failed.length}${during.failed.length + after.failed.length > 0 ? ` (${[...during.failed, ...after.failed].slice(0, 3).join('; ')})` : ''}`,
      target: '0 · 0',
      met: during.failed.length + after.failed.length === 0,
      command,
    });
  } finally {
    await storey.stop();
  }
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'conditions-coverage') return;
  await writeSection(
    'conditions-coverage',
    [
      `## ${group}`,
      '',
      `Measured with \`${command}\` (\`BENCH_ONLY=conditions-coverage\` runs and writes this section alone) on the large profile: one Storey as the image runs it (the production build, the embedded database and emulator) at its default conditions settings, from its start to the end of its first conditions round, a person opening "Needs attention", the portfolio's totals and its first 50 buildings one request at a time throughout and for a minute after. A round spends its request budget no faster than evenly over the period between rounds (decision 0013, amended 2026-11-28).`,
      '',
      ...figureTable(figures, 'measure'),
    ].join('\n'),
  );
}
