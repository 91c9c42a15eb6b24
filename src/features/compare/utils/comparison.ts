import type { Building, Site } from '@/api/platform-schemas';
import {
  doubtsAbout,
  measureAcross,
  measures,
  noIndexedFigures,
  type IndexedFigures,
  type MeasureDefinition,
  type MeasureId,
  type MeasureValue,
} from '@/domain/building-measures';
import { ascending, percentileRank, spreadOf, type Spread } from '@/domain/distribution';
import { groupKey, siteLabel } from '@/lib/format';
import type { Rule } from '@/api/get-quality';

export const compareLetters = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export type ComparedValue = MeasureValue & {
  /** Rules broken (errors, warnings) on this measure's inputs: shown, marked, and not counted. */
  doubts: Rule[];
  /** Share of the portfolio at or below this value (0-100); absent when there is no value. */
  percentile?: number | undefined;
};

export interface ComparedBuilding {
  building: Building;
  letter: string;
  siteName: string;
  /** Its data-quality score and the rules it breaks; absent without the portfolio index. */
  quality: { score: number; rules: Rule[] } | undefined;
  values: Record<MeasureId, ComparedValue>;
}

export interface MeasureComparison {
  measure: MeasureDefinition;
  /** The portfolio's values that count (computable, inputs without errors or warnings), ascending. */
  values: number[];
  spread: Spread | undefined;
  /** Buildings whose value could not be computed, and whose inputs are in doubt. */
  notComputable: number;
  inDoubt: number;
  byOrganization: Map<string, Spread | undefined>;
  bySite: Map<string, Spread | undefined>;
}

export const factFields = [
  'area',
  'floorCount',
  'spaceCount',
  'deviceCount',
  'measurementCount',
] as const;
export type FactField = (typeof factFields)[number];

/** A fact as the comparison counts it: area 0 is "not recorded", counts not included are absent. */
export function factValue(building: Building, field: FactField): number | undefined {
  switch (field) {
    case 'area':
      return building.area !== null && building.area > 0 ? building.area : undefined;
    case 'deviceCount':
    case 'measurementCount':
      return building.includesDeviceAndMeasurementCounts
        ? (building[field] ?? undefined)
        : undefined;
    default:
      return building[field] ?? undefined;
  }
}

export interface Comparison {
  compared: ComparedBuilding[];
  /** The portfolio's median and quartiles of each fact, over the buildings that have it. */
  facts: Record<FactField, Spread | undefined>;
  /** Ids in the link that the portfolio does not have. */
  unknownIds: string[];
  /** Ids beyond the sixth, left out. */
  extraIds: string[];
  measures: MeasureComparison[];
}

/** The ids a link compares: the first six the portfolio knows, each once, in the link's order. */
export function pickedIds(all: readonly Building[], ids: readonly string[]): string[] {
  const known = new Set(all.map((building) => building.id));
  return [...new Set(ids)].filter((id) => known.has(id)).slice(0, compareLetters.length);
}

/** Data quality as the index serves it: each building's score and the rules it breaks. */
export interface PortfolioQuality {
  byBuilding: ReadonlyMap<string, { score: number; ruleIds: readonly string[] }>;
  rules: ReadonlyMap<string, Rule>;
}

/** The portfolio's median and quartiles of each fact, over the buildings that have it. */
function factSpreads(all: readonly Building[]) {
  return Object.fromEntries(
    factFields.map((field) => [
      field,
      spreadOf(
        all
          .map((building) => factValue(building, field))
          .filter((value): value is number => value !== undefined),
      ),
    ]),
  ) as Record<FactField, Spread | undefined>;
}

/**
 * One measure across the portfolio: the values that count, ascending, their spread, and the
 * spread within each picked building's organisation and site (buildings without one are one
 * group each, "No site").
 */
function compareMeasure(
  measure: MeasureDefinition,
  all: readonly Building[],
  picked: readonly Building[],
  brokenRules: (id: string) => Rule[],
  indexed: IndexedFigures,
): MeasureComparison {
  const {
    counted,
    withoutInputs: notComputable,
    inDoubt,
  } = measureAcross(measure, all, brokenRules, indexed);
  const spreadWhere = (keep: (building: Building) => boolean) =>
    spreadOf(counted.filter((entry) => keep(entry.building)).map((entry) => entry.value));
  const byOrganization = new Map<string, Spread | undefined>();
  const bySite = new Map<string, Spread | undefined>();
  for (const building of picked) {
    const organization = groupKey(building.organizationId);
    if (!byOrganization.has(organization))
      byOrganization.set(
        organization,
        spreadWhere((other) => groupKey(other.organizationId) === organization),
      );
    const site = groupKey(building.siteId);
    if (!bySite.has(site))
      bySite.set(
        site,
        spreadWhere((other) => groupKey(other.siteId) === site),
      );
  }
  const values = ascending(counted.map((entry) => entry.value));
  return {
    measure,
    values,
    spread: spreadOf(values),
    notComputable,
    inDoubt,
    byOrganization,
    bySite,
  };
}

/**
 * Everything the comparison screen shows: each picked building's measures and where they stand
 * in the portfolio, its organization and its site, from the listings; its score and the values in
 * doubt from the data quality the server worked out (without it, no value is in doubt).
 */
export function compareBuildings(
  all: readonly Building[],
  sites: readonly Site[],
  ids: readonly string[],
  quality?: PortfolioQuality,
  indexed: IndexedFigures = noIndexedFigures,
): Comparison {
  const byId = new Map(all.map((building) => [building.id, building]));
  const unique = [...new Set(ids)];
  const known = unique.filter((id) => byId.has(id));
  const picked = pickedIds(all, ids);
  const siteNames = new Map(sites.map((site) => [site.id, site.name]));

  const brokenRules = (id: string): Rule[] =>
    (quality?.byBuilding.get(id)?.ruleIds ?? [])
      .map((ruleId) => quality?.rules.get(ruleId))
      .filter((rule): rule is Rule => rule !== undefined);

  const comparisons = measures.map((measure) =>
    compareMeasure(
      measure,
      all,
      picked.map((id) => byId.get(id)!),
      brokenRules,
      indexed,
    ),
  );

  const compared = picked.map((id, index): ComparedBuilding => {
    const building = byId.get(id)!;
    const own = brokenRules(id);
    const score = quality?.byBuilding.get(id)?.score;
    const values = Object.fromEntries(
      comparisons.map(({ measure, values: sorted }) => {
        const result = measure.compute(building, indexed);
        const value: ComparedValue = {
          ...result,
          doubts: doubtsAbout(measure, own),
          ...(result.ok && sorted.length > 0
            ? { percentile: percentileRank(sorted, result.value) }
            : {}),
        };
        return [measure.id, value];
      }),
    ) as Record<MeasureId, ComparedValue>;
    return {
      building,
      letter: compareLetters[index]!,
      siteName: siteLabel(building.siteId, siteNames.get(groupKey(building.siteId))),
      quality: score === undefined ? undefined : { score, rules: own },
      values,
    };
  });

  return {
    compared,
    facts: factSpreads(all),
    unknownIds: unique.filter((id) => !byId.has(id)),
    extraIds: known.slice(compareLetters.length),
    measures: comparisons,
  };
}

const ordinalRules = new Intl.PluralRules('en', { type: 'ordinal' });
const ordinalSuffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "62nd percentile": a percentile rank rounded to a whole number, in words. */
export function formatPercentile(percentile: number): string {
  const whole = Math.round(percentile);
  return `${whole}${ordinalSuffix[ordinalRules.select(whole)] ?? 'th'} percentile`;
}

/** The row's highest and lowest among the compared (only when they differ). */
export function extremes(values: ReadonlyArray<number | undefined>): {
  highest: number | undefined;
  lowest: number | undefined;
} {
  const present = values.filter((value): value is number => value !== undefined);
  if (present.length < 2) return { highest: undefined, lowest: undefined };
  const highest = Math.max(...present);
  const lowest = Math.min(...present);
  return highest === lowest ? { highest: undefined, lowest: undefined } : { highest, lowest };
}
