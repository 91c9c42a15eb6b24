import { sql, type Kysely } from 'kysely';
import {
  floodAlarms,
  floodMinutes,
  noiseDays,
  standingHours,
  type AlarmNoise,
} from '../../../src/shared/contracts/alarms.ts';
import { dayMs, hourMs } from '../../../src/shared/rules/site-clock.ts';
import type { IndexTables } from '../core/tables.ts';
import { alarmSummaryOf } from './queries.ts';
import { silencedUntil } from './silences.ts';

type SummaryRow = Parameters<typeof alarmSummaryOf>[0];

/**
 * How noisy the alarms are (the administrators' figures, decision 0021), read under the person's
 * scope like the worklist: raised per day, floods as people met them (the alarms in the e-mails
 * written to one person within `floodMinutes`), chattering alarms, and alarms open for more than
 * `standingHours`. Each is a few aggregate queries on indexed columns.
 */
export async function alarmNoise(
  db: Kysely<IndexTables>,
  runId: number,
  now: Date,
): Promise<AlarmNoise> {
  const firstDay = Math.floor(now.getTime() / dayMs) * dayMs - (noiseDays - 1) * dayMs;
  const since = new Date(firstDay);
  const { rows: raisedRows } = await sql<{ day: Date | string; raised: string }>`select
      date_trunc('day', e.at at time zone 'UTC') as day, count(*) as raised
    from alarm_event e
    where e.type in ('raised', 're-raised') and e.at >= ${since}
    group by 1`.execute(db);
  const raisedOn = new Map(
    raisedRows.map((row) => [
      String(row.day instanceof Date ? row.day.toISOString() : row.day).slice(0, 10),
      Number(row.raised),
    ]),
  );
  const perDay = Array.from({ length: noiseDays }, (_, index) => {
    const day = new Date(firstDay + index * dayMs).toISOString().slice(0, 10);
    return { day, raised: raisedOn.get(day) ?? 0 };
  });

  const windowSeconds = floodMinutes * 60;
  const { rows: floodRows } = await sql<{
    recipient: string;
    recipient_name: string | null;
    window: string;
    alarms: string;
  }>`select o.recipient, max(o.recipient_name) as recipient_name,
      floor(extract(epoch from o.created_at) / ${windowSeconds}) as window,
      sum(cardinality(b.alarm_ids)) as alarms
    from notification_outbox o join notification_batch b on b.id = o.batch_id
    where o.channel = 'email' and o.created_at >= ${since}
      -- Everything where no scope is set (a person who sees all); else the scope's buildings.
      and (coalesce(current_setting('storey.scope', true), '') = ''
        or b.building_id in (select building_id from scope_building
          where scope_key = current_setting('storey.scope', true)))
    group by o.recipient, 3
    having sum(cardinality(b.alarm_ids)) > ${floodAlarms}
    order by 3 desc limit 100`.execute(db);
  const floods = floodRows.map((row) => ({
    recipient: { sub: row.recipient, name: row.recipient_name },
    from: new Date(Number(row.window) * windowSeconds * 1000).toISOString(),
    alarms: Number(row.alarms),
  }));

  const summaries = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    sql<SummaryRow>`select a.*, b.name as building_name, ${silencedUntil(now)} as silenced_until
      from alarm a left join indexed_building b on b.run_id = ${runId} and b.id = a.building_id
      where ${where} order by ${order} limit 10`.execute(db);
  const count = async (where: ReturnType<typeof sql>) =>
    Number(
      (
        await sql<{ count: string }>`select count(*) as count from alarm a where ${where}`.execute(
          db,
        )
      ).rows[0]?.count ?? 0,
    );
  const chatteringWhere = sql`a.chattering and (a.cleared_at is null or a.acked_at is null or a.raised_at >= ${since})`;
  const standingWhere = sql`(a.cleared_at is null or a.acked_at is null)
    and a.raised_at < ${new Date(now.getTime() - standingHours * hourMs)}`;
  return {
    since: since.toISOString(),
    perDay,
    floods,
    chattering: {
      count: await count(chatteringWhere),
      most: (await summaries(chatteringWhere, sql`a.re_raised desc, a.id`)).rows.map(
        alarmSummaryOf,
      ),
    },
    standing: {
      count: await count(standingWhere),
      oldest: (await summaries(standingWhere, sql`a.raised_at, a.id`)).rows.map(alarmSummaryOf),
    },
  };
}
