import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryString } from './query-string';
import { z } from '@/lib/zod';
import {
  compareReasons,
  energyLists,
  energyPeriods,
  energyReasons,
  energySorts,
  type CompareReason,
  type EnergyListQuery,
  type EnergyReason,
} from '@/shared/contracts/energy';

/**
 * The portfolio's energy over the last 30 whole days, as the server's energy refresh worked it
 * out from each building's meters (server/portfolio-index/energy/ranking.ts). This schema is the
 * contract; the server's tests parse its answers with it (tests/server/portfolio-index-energy).
 */
export const energyReasonSchema = z.enum(energyReasons);
export type { EnergyReason };

export const compareReasonSchema = z.enum(compareReasons);
export type { CompareReason };

/** A period as its first and last day (UTC dates): 30 whole days, or 12 whole months. */
export const energyPeriodSchema = z.object({
  kind: z.enum(energyPeriods),
  days: z.number(),
  from: z.string(),
  to: z.string(),
});
export type EnergyPeriodSpan = z.infer<typeof energyPeriodSchema>;

export const energyBuildingSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  referenceId: z.nullable(z.string()),
  /** Among the buildings the person sees, how many share its name, and its place among them. */
  sameName: z.object({ count: z.number(), position: z.number() }),
  siteId: z.nullable(z.string()),
  siteName: z.nullable(z.string()),
  /** Meters of the building as a whole that read energy. */
  meters: z.number(),
  /** m²; null when the platform gives none that is plausible. */
  area: z.nullable(z.number()),
  /** kWh over the period (partial when `reason` says so); null when nothing was read. */
  usedKwh: z.nullable(z.number()),
  /** kWh per m²: only with an area and every day of the period read whole. */
  intensity: z.nullable(z.number()),
  /** Days of the period the readings account for (0–30, or 0–366 for 12 months). */
  coveredDays: z.number(),
  reason: z.nullable(energyReasonSchema),
  previousKwh: z.nullable(z.number()),
  /**
   * Change against the 30 days before, as a share (0.1 is +10 %); null when not compared (a
   * 12-month period never is: the index keeps twelve months).
   */
  change: z.nullable(z.number()),
  compareReason: z.nullable(compareReasonSchema),
  /** The meters' oldest latest reading: long ago means a meter stopped reporting. */
  lastReadingAt: z.nullable(z.string()),
  /** Whole days of the period its meters sent readings but their total did not move. */
  stuckDays: z.number(),
});
export type EnergyBuilding = z.infer<typeof energyBuildingSchema>;

export const energySchema = z.object({
  asOf: z.string(),
  /** When the last energy round worked the figures out; null before the first. */
  rankedAt: z.nullable(z.string()),
  /** The period in UTC dates; each building's days are whole days of its own site's clock. */
  period: z.nullable(energyPeriodSchema),
  coverage: z.object({
    buildings: z.number(),
    ranked: z.number(),
    out: z.record(energyReasonSchema, z.number()),
    /** Buildings whose meters sent nothing for six hours. */
    stoppedMeters: z.number(),
    /** Buildings whose meters sent readings but did not count on a whole day of the period. */
    stuckMeters: z.number(),
  }),
  /** The ranked buildings' use over their area together, kWh/m². */
  portfolioIntensity: z.nullable(z.number()),
  total: z.number(),
  buildings: z.array(energyBuildingSchema),
  refresh: z.object({ everyMinutes: z.number(), requestBudget: z.number() }),
});
export type Energy = z.infer<typeof energySchema>;

/** The list and order the energy page keeps in its URL. */
export const energyViewKeys = ['period', 'list', 'sort', 'unit'] as const;

/** Rows the energy page draws at most. */
export const energyListLimit = 200;

/** The URL's values as the server's query: anything unknown reads as the default. */
export function energyQueryOf(
  values: Partial<Record<(typeof energyViewKeys)[number], string | null>>,
): EnergyListQuery {
  const period = energyPeriods.find((candidate) => candidate === values.period) ?? '30-days';
  const list = energyLists.find((candidate) => candidate === values.list) ?? 'ranked';
  const sort = energySorts.find((candidate) => candidate === values.sort) ?? 'intensity';
  // Twelve months are not compared with the twelve before: largest increase reads as intensity.
  const ranked = list === 'ranked' && !(period === '12-months' && sort === 'change');
  return {
    period,
    list,
    sort: ranked ? sort : 'intensity',
    offset: 0,
    limit: energyListLimit,
  };
}

export const energyKeys = {
  all: ['index-energy'] as const,
  list: (query: EnergyListQuery) => [...energyKeys.all, query] as const,
};

/** One page of a list of the portfolio's energy, with the coverage of the whole. */
export const energyQueryOptions = (query: EnergyListQuery) =>
  queryOptions({
    queryKey: energyKeys.list(query),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/index/energy${queryString({ ...query })}`, energySchema, { signal }))
        .data,
  });

/** Every ranked building's kWh per m², lowest first: the compare screen's distribution. */
export const energyIntensitiesSchema = z.object({
  asOf: z.string(),
  rankedAt: z.nullable(z.string()),
  period: z.nullable(energyPeriodSchema),
  buildings: z.array(z.object({ id: z.string(), intensity: z.number() })),
});

export const energyIntensitiesQueryOptions = () =>
  queryOptions({
    queryKey: [...energyKeys.all, 'intensities'] as const,
    queryFn: async () =>
      (await apiGet('/api/index/energy/intensities', energyIntensitiesSchema)).data,
    // Without the index the compare screen shows its other measures and says why not this one.
    retry: false,
  });

/** One building's energy as the ranking has it, and its kept days: what its own page shows. */
export const buildingEnergySchema = z.object({
  asOf: z.string(),
  rankedAt: z.nullable(z.string()),
  period: z.nullable(energyPeriodSchema),
  /** Null until a round has worked the building out. */
  building: z.nullable(energyBuildingSchema),
  /** Each kept day of its site's clock (YYYY-MM-DD), its meters together, oldest first. */
  days: z.array(
    z.object({
      day: z.string(),
      usedKwh: z.number(),
      complete: z.boolean(),
      beyondRetention: z.boolean(),
    }),
  ),
  /** The building over its last 12 whole months, and each month kept (YYYY-MM), oldest first. */
  twelveMonths: z.object({
    period: z.nullable(energyPeriodSchema),
    building: z.nullable(energyBuildingSchema),
    months: z.array(
      z.object({
        month: z.string(),
        usedKwh: z.number(),
        complete: z.boolean(),
        beyondRetention: z.boolean(),
      }),
    ),
  }),
});
export type BuildingEnergy = z.infer<typeof buildingEnergySchema>;

export const buildingEnergyQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...energyKeys.all, 'building', buildingId] as const,
    queryFn: async () =>
      (
        await apiGet(
          `/api/index/energy/buildings/${encodeURIComponent(buildingId)}`,
          buildingEnergySchema,
        )
      ).data,
    // Index off, or not indexed yet: the page works the figures out from the meter instead.
    retry: false,
  });
