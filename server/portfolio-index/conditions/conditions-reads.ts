import type { ComfortRules } from '../../../src/shared/rules/space-bands.ts';
import type { Clock } from '../../clock.ts';
import type { IndexReader, ReadServed, Served } from '../core/served.ts';
import { attentionList, type AttentionFilter, type attentionSorts } from './attention.ts';
import { buildingFloorsNow } from './floors-now.ts';
import { buildingRoomBands } from './room-bands.ts';

/** "Needs attention now" and a building's floors and bands, as the last rounds left them. */
export interface ConditionsReads {
  attention(
    reader: IndexReader,
    filter: AttentionFilter,
    sort: (typeof attentionSorts)[number],
    page: { offset: number; limit: number },
  ): Promise<Served<typeof attentionList>>;
  /** A building's floors as its last check left them (null inside: not checked lately). */
  floorsNow(
    reader: IndexReader,
    buildingId: string,
  ): Promise<Served<() => Promise<{ now: Awaited<ReturnType<typeof buildingFloorsNow>> }>>>;
  /** The bands a building's rooms are judged by, where not the office bands (null: unknown). */
  roomBands(
    reader: IndexReader,
    buildingId: string,
  ): Promise<Served<() => Promise<{ building: Awaited<ReturnType<typeof buildingRoomBands>> }>>>;
}

export const conditionsReads = (
  readServed: ReadServed,
  clock: Clock,
  comfort: ComfortRules,
): ConditionsReads => ({
  attention: (reader, filter, sort, page) =>
    readServed(reader, (trx, runId) => attentionList(trx, runId, filter, sort, page, clock.now())),
  floorsNow: (reader, buildingId) =>
    readServed(reader, async (trx, runId) => ({
      now: await buildingFloorsNow(trx, runId, buildingId, clock.now()),
    })),
  roomBands: (reader, buildingId) =>
    readServed(reader, async (trx, runId) => ({
      building: await buildingRoomBands(trx, runId, buildingId, comfort),
    })),
});
