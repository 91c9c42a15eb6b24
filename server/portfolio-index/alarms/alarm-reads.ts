import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { IndexReader, ReadServed, Served } from '../core/served.ts';
import type { IndexTables } from '../core/tables.ts';
import { alarmActions, type AlarmActions } from './actions.ts';
import { alarmNoise } from './noise.ts';
import { alarmWithEvents, alarmWorklist, type AlarmFilter } from './queries.ts';
import { alarmSilences, type AlarmSilences } from './silences.ts';

/** Alarms (decision 0021): raised and cleared by the conditions refresh, handled by people. */
export interface AlarmReads {
  list(
    reader: IndexReader,
    filter: AlarmFilter,
    page: { offset: number; limit: number },
  ): Promise<Served<typeof alarmWorklist>>;
  /** `alarm` null: none of that id the reader may see. */
  get(
    reader: IndexReader,
    id: number,
  ): Promise<
    | { asOf: string; alarm: NonNullable<Awaited<ReturnType<typeof alarmWithEvents>>> | null }
    | undefined
  >;
  actions: AlarmActions;
  silences: AlarmSilences;
  /** The administrators' noise figures, under the reader's scope. */
  noise(reader: IndexReader): Promise<Served<typeof alarmNoise>>;
}

export function alarmReads(
  readServed: ReadServed,
  db: Kysely<IndexTables>,
  clock: Clock,
): AlarmReads {
  const now = () => new Date(clock.now());
  return {
    list: (reader, filter, page) =>
      readServed(reader, (trx, runId) => alarmWorklist(trx, runId, filter, page, now())),
    get: (reader, id) =>
      readServed(reader, async (trx, runId) => ({
        alarm: (await alarmWithEvents(trx, runId, id, now())) ?? null,
      })),
    actions: alarmActions(db, now),
    silences: alarmSilences(db, now),
    noise: (reader) => readServed(reader, (trx, runId) => alarmNoise(trx, runId, now())),
  };
}
