import type { IndexReader, ReadServed, Served } from '../core/served.ts';
import { buildingWithSite, portfolioTotals, type TotalsGroup } from './queries.ts';
import { searchPlaces } from './search-queries.ts';

/** What the hierarchy's screens read of the served sync: search, totals, one building. */
export interface HierarchyReads {
  search(
    reader: IndexReader,
    query: string,
    page: { offset: number; limit: number },
  ): Promise<Served<typeof searchPlaces>>;
  totals(reader: IndexReader, by: TotalsGroup): Promise<Served<typeof portfolioTotals>>;
  /** One building's record and its site, as the served sync read them (null inside: unknown). */
  building(
    reader: IndexReader,
    buildingId: string,
  ): Promise<Served<() => Promise<{ building: Awaited<ReturnType<typeof buildingWithSite>> }>>>;
}

export const hierarchyReads = (readServed: ReadServed): HierarchyReads => ({
  search: (reader, query, page) =>
    readServed(reader, (trx, runId) => searchPlaces(trx, runId, query, page)),
  totals: (reader, by) => readServed(reader, (trx, runId) => portfolioTotals(trx, runId, by)),
  building: (reader, buildingId) =>
    readServed(reader, async (trx, runId) => ({
      building: await buildingWithSite(trx, runId, buildingId),
    })),
});
