import type { IndexReader, ReadServed, Served } from '../core/served.ts';
import {
  buildingQuality,
  qualityFindings,
  qualityScores,
  qualitySummary,
  type FindingGroup,
  type FindingsFilter,
  type QualityScope,
} from './queries.ts';

/** The data-quality rules' answers, as the sync worked them out (check.ts). */
export interface QualityReads {
  summary(reader: IndexReader, scope: QualityScope): Promise<Served<typeof qualitySummary>>;
  findings(
    reader: IndexReader,
    filter: FindingsFilter,
    page: { offset: number; limit: number; group: FindingGroup },
  ): Promise<Served<typeof qualityFindings>>;
  /** `building` null: the served index has no building of that id. */
  building(
    reader: IndexReader,
    buildingId: string,
  ): Promise<
    | { asOf: string; building: NonNullable<Awaited<ReturnType<typeof buildingQuality>>> | null }
    | undefined
  >;
  scores(reader: IndexReader): Promise<Served<typeof qualityScores>>;
}

export const qualityReads = (readServed: ReadServed): QualityReads => ({
  summary: (reader, scope) => readServed(reader, (trx, runId) => qualitySummary(trx, runId, scope)),
  findings: (reader, filter, page) =>
    readServed(reader, (trx, runId) => qualityFindings(trx, runId, filter, page)),
  building: (reader, buildingId) =>
    readServed(reader, async (trx, runId) => ({
      building: (await buildingQuality(trx, runId, buildingId)) ?? null,
    })),
  scores: (reader) => readServed(reader, (trx, runId) => qualityScores(trx, runId)),
});
