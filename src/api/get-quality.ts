import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryString } from './query-string';
import { z } from '@/lib/zod';

/**
 * Data quality as the server worked it out over the whole portfolio index after its last sync
 * (server/portfolio-index/quality-rules.ts): every screen that shows a finding or a score reads
 * these answers, so a building has one score everywhere. These schemas are the contract; the
 * server's tests parse its answers with them (tests/server/portfolio-index-quality).
 */
export const severitySchema = z.enum(['error', 'warning', 'info']);
export type Severity = z.infer<typeof severitySchema>;

export const ruleSchema = z.object({
  id: z.string(),
  severity: severitySchema,
  title: z.string(),
  explanation: z.string(),
  /** The listing fields it reads: the comparison marks measures computed from them. */
  fields: z.array(z.string()),
  /** Reads floors and rooms, not just the building's record. */
  deep: z.boolean(),
});
export type Rule = z.infer<typeof ruleSchema>;

export const qualitySummarySchema = z.object({
  asOf: z.string(),
  formula: z.object({
    text: z.string(),
    weights: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
  }),
  buildings: z.number(),
  /** Buildings whose floors and rooms were read, so every rule was applied. */
  checked: z.number(),
  /** The mean of the buildings' scores; null when there are none. */
  score: z.nullable(z.number()),
  findings: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
  rules: z.array(
    z.extend(ruleSchema, {
      findings: z.number(),
      /** Buildings (or sites) it finds. */
      places: z.number(),
    }),
  ),
});
export type QualitySummary = z.infer<typeof qualitySummarySchema>;

export const findingSchema = z.object({
  ruleId: z.string(),
  severity: severitySchema,
  detail: z.nullable(z.string()),
  buildingId: z.nullable(z.string()),
  buildingName: z.nullable(z.string()),
  siteId: z.nullable(z.string()),
  siteName: z.nullable(z.string()),
  organizationId: z.nullable(z.string()),
  organizationName: z.nullable(z.string()),
  /** The floor a finding is about, for the floor's page. */
  levelPosition: z.nullable(z.number()),
  levelName: z.nullable(z.string()),
  /** That floor's id on the platform: what a maintainer looks up. */
  levelId: z.nullable(z.string()),
  /** The rooms it is about (rooms sharing a name), by id and name. */
  rooms: z.nullable(
    z.array(z.object({ id: z.nullable(z.string()), name: z.nullable(z.string()) })),
  ),
});
export type Finding = z.infer<typeof findingSchema>;

/** How a list of findings is grouped (and so ordered). */
export const findingGroups = ['severity', 'rule', 'building'] as const;
export type FindingGroup = (typeof findingGroups)[number];

export const qualityFindingsSchema = z.object({
  asOf: z.string(),
  total: z.number(),
  group: z.enum(findingGroups),
  /**
   * The groups of this page in order, each with its findings in the whole filtered list: a
   * severity, a rule id, or a building id ("site:<id>" for a site's own findings).
   */
  groups: z.array(
    z.object({
      key: z.string(),
      count: z.number(),
      /** Grouped by building: the building's quality score, where it was checked. */
      score: z.optional(z.number()),
    }),
  ),
  findings: z.array(findingSchema),
});

export const buildingQualitySchema = z.object({
  asOf: z.string(),
  buildingId: z.string(),
  score: z.number(),
  checked: z.boolean(),
  findings: z.array(findingSchema),
});

export const qualityScoresSchema = z.object({
  asOf: z.string(),
  rules: z.array(ruleSchema),
  buildings: z.array(
    z.object({ buildingId: z.string(), score: z.number(), ruleIds: z.array(z.string()) }),
  ),
});
export type QualityScores = z.infer<typeof qualityScoresSchema>;

export interface QualityScope {
  organization?: string;
  site?: string;
}
export interface FindingsFilter extends QualityScope {
  rule?: string;
  severity?: string;
  /** Also the order of the CSV: it follows the view. */
  group?: FindingGroup;
}

export const qualityKeys = {
  all: ['index-quality'] as const,
  summary: (scope: QualityScope) => [...qualityKeys.all, 'summary', scope] as const,
  findings: (filter: FindingsFilter, limit: number) =>
    [...qualityKeys.all, 'findings', filter, limit] as const,
  building: (buildingId: string) => [...qualityKeys.all, 'building', buildingId] as const,
  scores: () => [...qualityKeys.all, 'scores'] as const,
};

export const qualitySummaryQueryOptions = (scope: QualityScope = {}) =>
  queryOptions({
    queryKey: qualityKeys.summary(scope),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/index/quality${queryString(scope)}`, qualitySummarySchema, { signal }))
        .data,
  });

/** The first `limit` findings of a filter (most severe first) and how many there are. */
export const qualityFindingsQueryOptions = (filter: FindingsFilter, limit: number) =>
  queryOptions({
    queryKey: qualityKeys.findings(filter, limit),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/index/quality/findings${queryString({ ...filter, limit })}`,
          qualityFindingsSchema,
          { signal },
        )
      ).data,
  });

/** Every finding of a filter, page by page (for the CSV). */
export async function fetchAllFindings(filter: FindingsFilter): Promise<Finding[]> {
  const pageSize = 5_000;
  const all: Finding[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const { data } = await apiGet(
      `/api/index/quality/findings${queryString({ ...filter, offset, limit: pageSize })}`,
      qualityFindingsSchema,
    );
    all.push(...data.findings);
    if (data.findings.length < pageSize || all.length >= data.total) return all;
  }
}

export const buildingQualityQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: qualityKeys.building(buildingId),
    queryFn: async () =>
      (
        await apiGet(
          `/api/index/quality/buildings/${encodeURIComponent(buildingId)}`,
          buildingQualitySchema,
        )
      ).data,
  });

/** Every building's score and broken rules; `select` slices it per screen. */
export const qualityScoresQueryOptions = () =>
  queryOptions({
    queryKey: qualityKeys.scores(),
    queryFn: async () => (await apiGet('/api/index/quality/scores', qualityScoresSchema)).data,
  });
