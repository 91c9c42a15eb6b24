import type { BuildingEnergy } from '@/api/get-energy';
import type { IndexedFigures, MeasureValue } from '@/domain/building-measures';
import { energyReasonWords } from '@/domain/energy-intensity';
import { formatCount } from '@/lib/format';
import type { Comparison } from './comparison';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The index's energy figures as the measures read them: each ranked building's intensity from
 * the one distribution answer, and for a compared building without one the reason its own
 * energy answer gives (the building page reads the same answer).
 */
export function indexedFigures(
  intensities: { data?: ReadonlyMap<string, number> | undefined; isPending: boolean },
  compared: ReadonlyMap<string, BuildingEnergy | undefined>,
): IndexedFigures {
  return {
    energyIntensity(buildingId): MeasureValue {
      if (intensities.isPending) return { ok: false, reason: 'loading the energy figures' };
      if (!intensities.data) return { ok: false, reason: 'the energy figures could not be loaded' };
      const intensity = intensities.data.get(buildingId);
      if (intensity !== undefined) return { ok: true, value: intensity };
      const own = compared.get(buildingId);
      if (own?.building?.reason && own.period)
        return {
          ok: false,
          reason: lowerFirst(
            energyReasonWords(own.building.reason, {
              coveredDays: own.building.coveredDays,
              days: own.period.days,
            }),
          ),
        };
      return { ok: false, reason: 'not ranked by the energy refresh yet' };
    },
  };
}

/** What the link asked for that is not compared: ids the portfolio does not have, and extras. */
export function comparisonNotes(
  { unknownIds, extraIds }: Pick<Comparison, 'unknownIds' | 'extraIds'>,
  maxCompared: number,
): string[] {
  return [
    unknownIds.length > 0
      ? `${formatCount(unknownIds.length)} of the linked buildings ${unknownIds.length === 1 ? 'is' : 'are'} not in the portfolio (unknown id).`
      : undefined,
    extraIds.length > 0
      ? `Only the first ${maxCompared} buildings are compared; ${formatCount(extraIds.length)} more ${extraIds.length === 1 ? 'was' : 'were'} left out.`
      : undefined,
  ].filter((note): note is string => note !== undefined);
}

/** "storey-compare-ABC-3-buildings.csv": the letters the charts and the table use. */
export const comparisonCsvName = (compared: Comparison['compared']): string =>
  `storey-compare-${compared.map(({ letter }) => letter).join('')}-${compared.length}-buildings.csv`;

/** The ids left when one building is removed from the comparison. */
export const withoutBuilding = (compared: Comparison['compared'], id: string): string[] =>
  compared.map(({ building }) => building.id).filter((other) => other !== id);
