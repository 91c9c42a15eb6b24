import { build } from '../../server/cli/build.mjs';
import { startSmtpSink } from '../../server/notifications/smtp-sink';
import { writeSection } from './report-sections';
import { signIn, startLargeStorey } from './large-storey';
import { figureRecorder, figureTable, percentile } from './figures';
import { startPostgres } from '../server/support/postgres-server';

const group = 'Alarms';
/** The grouping window of this run (ALARM_GROUP_MINUTES): shorter than the default 5 to keep the run short. */
const groupMinutes = 1;
const notifyEverySeconds = 15;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A counter or a histogram's sum or count from /metrics, 0 while it has no sample. */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** The alarm ids an e-mail links to (its body may be quoted-printable, with soft line breaks). */
const linkedAlarms = (raw: string) =>
  [...raw.replace(/=\r?\n/g, '').matchAll(/\/alarms\/(\d+)/g)].map((match) => Number(match[1]));

/**
 * Alarms at 10,000 buildings (the large profile, 336,000 rooms): Storey as the image runs it on
 * its embedded database, reading every building with devices in one round (the request budget
 * raised for it), e-mailing the demo's people through a real SMTP server in this process. Two
 * figures of issue #53: the database time of an alarm round over every checked room (measured
 * by Storey itself, `storey_alarm_round_seconds`), and each alarm's time from its raise to the
 * SMTP server's accepting the first e-mail that names it, against the grouping window + 10 s.
 */
export async function alarmsBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  await build({ ifStale: true });
  // The embedded database, as `npm start` and the image run; then a PostgreSQL of its own, as a
  // deployment of this size would (DATABASE_URL): the round and the notifier on connections of
  // their own rather than queued on PGlite's one.
  const databases = (process.env.BENCH_ALARMS_DATABASE ?? 'embedded,postgres').split(',');
  for (const database of databases) {
    if (database !== 'embedded' && database !== 'postgres')
      throw new Error(`BENCH_ALARMS_DATABASE: "${database}" is neither embedded nor postgres.`);
    const postgres = database === 'postgres' ? await startPostgres() : undefined;
    try {
      await measureOn(database, postgres?.url, command, record);
    } finally {
      await postgres?.stop();
    }
  }
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'alarms') return;
  await writeAlarmSection(command, figures);
}

/** One Storey on the large profile over `database`: its two rounds and its e-mails' latency. */
async function measureOn(
  database: 'embedded' | 'postgres',
  databaseUrl: string | undefined,
  command: string,
  record: ReturnType<typeof figureRecorder>['record'],
): Promise<void> {
  const sink = await startSmtpSink({ keep: 1_000_000 });
  const storey = await startLargeStorey({
    SMTP_URL: sink.url,
    CONDITIONS_REQUEST_BUDGET: '1000000',
    CONDITIONS_REFRESH_MINUTES: '1',
    ALARM_GROUP_MINUTES: String(groupMinutes),
    NOTIFY_EVERY_SECONDS: String(notifyEverySeconds),
    METRICS_ON_MAIN_PORT: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const base = storey.url;
    const cookie = await signIn(base, 'dana');
    const ask = async <T>(url: string) =>
      (await (await fetch(`${base}${url}`, { headers: { 'x-csrf': '1', cookie } })).json()) as T;
    const metrics = async () => (await fetch(`${base}/metrics`)).text();
    for (;;) {
      const { state } = await ask<{ state: string }>('/api/index/status');
      if (state === 'ready') break;
      if (state === 'failed') throw new Error('The index did not sync.');
      await pause(1000);
    }
    // Two rounds: the first raises what the readings' history shows out of band already (and
    // silent sensors); the second, a check later, what the on-delay raises; every room checked.
    const rounds: Array<{ seconds: number; buildings: number; wallSeconds: number }> = [];
    let counted = 0;
    let previousSum = 0;
    while (rounds.length < 2) {
      const text = await metrics();
      const count = metric(text, 'storey_alarm_round_seconds_count');
      if (count > counted) {
        const sum = metric(text, 'storey_alarm_round_seconds_sum');
        const { checks } = await ask<{
          checks: {
            lastRound: { buildingsChecked: number; startedAt: string; finishedAt: string } | null;
          };
        }>('/api/index/attention?limit=1');
        const last = checks.lastRound!;
        rounds.push({
          seconds: sum - previousSum,
          buildings: last.buildingsChecked,
          wallSeconds: (Date.parse(last.finishedAt) - Date.parse(last.startedAt)) / 1000,
        });
        counted = count;
        previousSum = sum;
      }
      await pause(1000);
    }
    // The alarms the two rounds raised (every one is e-mailed to Dana, who sees everything),
    // then until each has been told, or the window and five minutes more after the rounds
    // ended: rounds go on raising, so an outbox that never empties would never end the run.
    const roundsEnded = Date.now();
    const raised = new Map<number, number>();
    for (let offset = 0; ; offset += 1000) {
      const page = await ask<{ items: Array<{ id: number; raisedAt: string }>; total: number }>(
        `/api/alarms?view=open&limit=1000&offset=${offset}`,
      );
      for (const alarm of page.items)
        if (Date.parse(alarm.raisedAt) <= roundsEnded)
          raised.set(alarm.id, Date.parse(alarm.raisedAt));
      if (page.items.length < 1000) break;
    }
    const told = new Map<number, number>();
    let read = 0;
    const drainUntil = roundsEnded + groupMinutes * 60_000 + 5 * 60_000;
    for (;;) {
      for (const mail of sink.received.slice(read))
        for (const id of linkedAlarms(mail.raw))
          if (!told.has(id) || told.get(id)! > mail.acceptedAt) told.set(id, mail.acceptedAt);
      read = sink.received.length;
      if ([...raised.keys()].every((id) => told.has(id)) || Date.now() > drainUntil) break;
      await pause(2000);
    }
    // An alarm not told by the end counts as later than any that was.
    const latencies = [...raised].map(([id, at]) =>
      told.has(id) ? (told.get(id)! - at) / 1000 : Number.POSITIVE_INFINITY,
    );
    const untold = latencies.filter((latency) => latency === Number.POSITIVE_INFINITY).length;
    for (const [index, round] of rounds.entries())
      record({
        group,
        name: `${database}: ${index === 0 ? 'first' : 'second'} alarm round over every checked room (${round.buildings.toLocaleString('en-GB')} buildings, the round ${round.wallSeconds.toFixed(0)} s in all): database time`,
        value: `${round.seconds.toFixed(2)} s`,
        target: '≤ 5 s',
        met: round.seconds <= 5,
        command,
      });
    const window = groupMinutes * 60;
    const p95 = latencies.length ? percentile(latencies, 0.95) : Number.NaN;
    const seconds = (value: number) =>
      Number.isFinite(value) ? `${value.toFixed(1)} s` : 'not told by the end';
    record({
      group,
      name: `${database}: raise → SMTP accept of the first e-mail naming it, the ${raised.size.toLocaleString('en-GB')} alarms the two rounds raised (${untold.toLocaleString('en-GB')} not told within ${groupMinutes + 5} minutes of their end), in ${sink.received.length.toLocaleString('en-GB')} e-mails; grouping window ${window} s: p50 · p95 · max`,
      value: latencies.length
        ? `${seconds(percentile(latencies, 0.5))} · ${seconds(p95)} · ${seconds(Math.max(...latencies))}`
        : 'no alarm was raised',
      target: `p95 ≤ window + 10 s (${window + 10} s)`,
      met: p95 <= window + 10,
      command,
    });
  } finally {
    await storey.stop();
    await sink.close();
  }
}

async function writeAlarmSection(
  command: string,
  figures: ReturnType<typeof figureRecorder>['figures'],
): Promise<void> {
  await writeSection(
    'alarms',
    [
      `## ${group}`,
      '',
      `Measured with \`${command}\` on the large profile, once on the embedded database (as \`npm start\` and the image run) and once on a PostgreSQL started by the benchmark (\`DATABASE_URL\`, Debian's server, fsync off), one after the other: each a Storey of its own (the production build and the emulator), its conditions round reading every building with devices (\`CONDITIONS_REQUEST_BUDGET=1000000\`), alarm e-mails to the demo's people through a real SMTP server (smtp-server) in the benchmark's process, grouped per person and building for ${groupMinutes} minute (\`ALARM_GROUP_MINUTES\`; 5 by default), the notifier passing every ${notifyEverySeconds} s and when the next batch falls due. Database time is what Storey measures around each derivation of 200 buildings' alarms, summed over the round (\`storey_alarm_round_seconds\` on /metrics); on the embedded database it includes waiting for its one connection, which the round's own writes share. Latency runs from an alarm's \`raisedAt\` to the moment the SMTP server accepted the first e-mail linking to it. \`BENCH_ONLY=alarms npm run bench\` runs and writes this section alone; \`BENCH_ALARMS_DATABASE=embedded\` (or \`postgres\`) one database only.`,
      '',
      ...figureTable(figures, 'measure'),
    ].join('\n'),
  );
}
