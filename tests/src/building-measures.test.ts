/** The comparison's normalised measures, the portfolio distribution, and how they combine. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Building } from '@/api/platform-schemas';
import {
  compareBuildings,
  extremes,
  factValue,
  formatPercentile,
} from '@/features/compare/utils/comparison';
import {
  doubtsAbout,
  measureById,
  measures,
  noIndexedFigures,
  type IndexedFigures,
  type MeasureId,
} from '@/domain/building-measures';
import { percentileRank, quantileSorted, spreadOf } from '@/domain/distribution';
import { ruleById, rules } from '../../server/portfolio-index/quality/catalogue';
import type { Site } from '@/api/platform-schemas';
import { fixture, fixtureBuildings as records } from './support/scenarios';

// The emulator's records, as the dashboard reads them.
const fixtureBuildings = records as unknown as Building[];
const sites = fixture.sites as unknown as Site[];

const base: Building = {
  id: 'b1',
  name: 'Test',
  referenceId: 'T-1',
  organizationId: 'o1',
  organizationName: 'Org',
  siteId: 's1',
  floorCount: 4,
  spaceCount: 40,
  deviceCount: 120,
  measurementCount: 480,
  includesDeviceAndMeasurementCounts: true,
  area: 8000,
  metadata: [],
} as Building;

const value = (id: MeasureId, building: Partial<Building> = {}) =>
  measureById.get(id)!.compute({ ...base, ...building }, noIndexedFigures);

/** The index's intensities as the compare screen reads them: a value, or the reason it gave. */
const intensitiesOf = (values: ReadonlyMap<string, number>): IndexedFigures => ({
  energyIntensity: (id) => {
    const intensity = values.get(id);
    return intensity === undefined
      ? { ok: false, reason: 'the platform has no floor area for it' }
      : { ok: true, value: intensity };
  },
});

describe('normalised measures', () => {
  it('computes each from its inputs', () => {
    expect(value('areaPerFloor')).toEqual({ ok: true, value: 2000 });
    expect(value('spacesPerFloor')).toEqual({ ok: true, value: 10 });
    expect(value('areaPerSpace')).toEqual({ ok: true, value: 200 });
    expect(value('spacesPer1000')).toEqual({ ok: true, value: 5 });
    expect(value('devicesPer1000')).toEqual({ ok: true, value: 15 });
    expect(value('measurementsPerDevice')).toEqual({ ok: true, value: 4 });
  });

  it('never divides by zero: no floors, no spaces, no area, no devices say so', () => {
    expect(value('areaPerFloor', { floorCount: 0 })).toEqual({
      ok: false,
      reason: 'no floors recorded',
    });
    expect(value('spacesPerFloor', { floorCount: 0 })).toEqual({
      ok: false,
      reason: 'no floors recorded',
    });
    expect(value('areaPerSpace', { spaceCount: 0 })).toEqual({
      ok: false,
      reason: 'no spaces recorded',
    });
    for (const id of ['areaPerFloor', 'areaPerSpace', 'spacesPer1000', 'devicesPer1000'] as const)
      expect(value(id, { area: 0 })).toEqual({ ok: false, reason: 'no area recorded' });
    expect(value('measurementsPerDevice', { deviceCount: 0 })).toEqual({
      ok: false,
      reason: 'no devices recorded',
    });
  });

  it('gives no false 0 when the platform did not include the counts', () => {
    const without = {
      includesDeviceAndMeasurementCounts: false,
      deviceCount: 0,
      measurementCount: 0,
    };
    for (const id of ['devicesPer1000', 'measurementsPerDevice'] as const)
      expect(value(id, without)).toEqual({
        ok: false,
        reason: 'device and measurement counts not included by the platform',
      });
    // A real 0 where counts are included is a value.
    expect(value('devicesPer1000', { deviceCount: 0 })).toEqual({ ok: true, value: 0 });
  });

  it('is finite or says why, for any listing record', () => {
    fc.assert(
      fc.property(
        fc.record({
          area: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e7, noNaN: true })),
          floorCount: fc.nat(300),
          spaceCount: fc.nat(30000),
          deviceCount: fc.nat(100000),
          measurementCount: fc.nat(1000000),
          includesDeviceAndMeasurementCounts: fc.boolean(),
        }),
        (fields) => {
          for (const measure of measures) {
            const result = measure.compute({ ...base, ...fields }, noIndexedFigures);
            if (result.ok) expect(Number.isFinite(result.value)).toBe(true);
            else expect(result.reason.length).toBeGreaterThan(5);
          }
        },
      ),
    );
  });

  it('reads energy use intensity from the index, never from the listing', () => {
    const indexed = intensitiesOf(new Map([['b1', 143.2]]));
    expect(measureById.get('energyIntensity')!.compute(base, indexed)).toEqual({
      ok: true,
      value: 143.2,
    });
    // Whatever the listing says, a building the index did not rank has the index's reason.
    expect(measureById.get('energyIntensity')!.compute({ ...base, id: 'b2' }, indexed)).toEqual({
      ok: false,
      reason: 'the platform has no floor area for it',
    });
    expect(value('energyIntensity')).toEqual({
      ok: false,
      reason: 'the energy figures are not loaded',
    });
  });

  it('is in doubt where an error or warning touches its inputs, not for notes', () => {
    // The server's own rules, as /api/index/quality serves them.
    const rule = (id: string) => ruleById.get(id)!;
    const areaPerFloor = measureById.get('areaPerFloor')!;
    expect(doubtsAbout(areaPerFloor, [rule('floor-count-mismatch')])).toHaveLength(1);
    expect(doubtsAbout(areaPerFloor, [rule('reference-missing')])).toHaveLength(0);
    expect(
      doubtsAbout(measureById.get('devicesPer1000')!, [rule('counts-not-included')]),
    ).toHaveLength(0);
  });

  it('names the same listing fields as the rules do', () => {
    // A rule's field the measures do not know would never put a value in doubt.
    const listingFields = new Set(measures.flatMap((measure) => measure.inputs as string[]));
    for (const each of rules)
      for (const field of each.fields)
        if (!['name', 'referenceId', 'siteId'].includes(field))
          expect(listingFields, `${each.id}: ${field}`).toContain(field);
  });
});

describe('distribution', () => {
  it('takes quartiles as a spreadsheet does (linear between closest ranks)', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(quantileSorted(sorted, 0.5)).toBe(4.5);
    expect(quantileSorted(sorted, 0.25)).toBe(2.75);
    expect(quantileSorted(sorted, 0.75)).toBe(6.25);
    expect(spreadOf([5, 1, 3])).toEqual({ count: 3, median: 3, q1: 2, q3: 4, min: 1, max: 5 });
    expect(spreadOf([])).toBeUndefined();
    expect(spreadOf([7])).toMatchObject({ median: 7, q1: 7, q3: 7 });
  });

  it('ranks a value by the share at or below it, ties counting half', () => {
    const sorted = [10, 20, 20, 30];
    expect(percentileRank(sorted, 5)).toBe(0);
    expect(percentileRank(sorted, 20)).toBe(50);
    expect(percentileRank(sorted, 30)).toBe(87.5);
    expect(percentileRank(sorted, 99)).toBe(100);
    expect(formatPercentile(87.5)).toBe('88th percentile');
    expect(formatPercentile(1)).toBe('1st percentile');
    expect(formatPercentile(22)).toBe('22nd percentile');
    expect(formatPercentile(13)).toBe('13th percentile');
  });

  it('marks the highest and lowest only where they differ', () => {
    expect(extremes([3, undefined, 9, 5])).toEqual({ highest: 9, lowest: 3 });
    expect(extremes([4, 4])).toEqual({ highest: undefined, lowest: undefined });
    expect(extremes([4, undefined])).toEqual({ highest: undefined, lowest: undefined });
  });
});

describe('compareBuildings', () => {
  const ids = fixtureBuildings.slice(2, 5).map((building) => building.id);

  it('compares the linked buildings in order, lettered A, B, C, against the portfolio', () => {
    const comparison = compareBuildings(fixtureBuildings, sites, ids);
    expect(comparison.compared.map((entry) => [entry.letter, entry.building.id])).toEqual([
      ['A', ids[0]],
      ['B', ids[1]],
      ['C', ids[2]],
    ]);
    const areaPerFloor = comparison.measures.find((entry) => entry.measure.id === 'areaPerFloor')!;
    // Counted + without inputs + in doubt = the whole portfolio.
    expect(areaPerFloor.values.length + areaPerFloor.notComputable + areaPerFloor.inDoubt).toBe(
      fixtureBuildings.length,
    );
    for (const entry of comparison.compared) {
      const own = entry.values.areaPerFloor;
      if (own.ok) expect(own.percentile).toBe(percentileRank(areaPerFloor.values, own.value));
    }
    expect(comparison.facts.floorCount?.count).toBe(fixtureBuildings.length);
    expect(comparison.facts.area?.count).toBe(
      fixtureBuildings.filter((building) => factValue(building, 'area') !== undefined).length,
    );
  });

  it("places the compared buildings' intensity among the ranked ones, counting the rest out", () => {
    const ranked = fixtureBuildings.filter((_, index) => index % 3 !== 1);
    const values = new Map(ranked.map((building, index) => [building.id, 80 + index * 7.5]));
    const comparison = compareBuildings(
      fixtureBuildings,
      sites,
      ids,
      undefined,
      intensitiesOf(values),
    );
    const intensity = comparison.measures.find((entry) => entry.measure.id === 'energyIntensity')!;
    expect(intensity.values).toEqual([...values.values()].sort((a, b) => a - b));
    expect(intensity.notComputable).toBe(fixtureBuildings.length - ranked.length);
    for (const entry of comparison.compared) {
      const own = entry.values.energyIntensity;
      const expected = values.get(entry.building.id);
      if (expected === undefined) expect(own.ok).toBe(false);
      else {
        expect(own).toMatchObject({ ok: true, value: expected });
        expect(own.percentile).toBe(percentileRank(intensity.values, expected));
      }
    }
  });

  it('reports unknown ids and keeps the first six of more, once each', () => {
    const many = fixtureBuildings.slice(0, 8).map((building) => building.id);
    const comparison = compareBuildings(fixtureBuildings, sites, [
      'nope',
      many[0]!,
      many[0]!,
      ...many.slice(1),
    ]);
    expect(comparison.unknownIds).toEqual(['nope']);
    expect(comparison.compared.map((entry) => entry.building.id)).toEqual(many.slice(0, 6));
    expect(comparison.extraIds).toEqual(many.slice(6));
  });

  it('gives medians per organization and per site of the compared buildings', () => {
    const comparison = compareBuildings(fixtureBuildings, sites, ids);
    const [first] = comparison.compared;
    const areaPerSpace = comparison.measures.find((entry) => entry.measure.id === 'areaPerSpace')!;
    const sameSite = areaPerSpace.bySite.get(first!.building.siteId!);
    const expected = spreadOf(
      fixtureBuildings
        .filter((building) => building.siteId === first!.building.siteId)
        .map((building) => areaPerSpace.measure.compute(building, noIndexedFigures))
        .flatMap((result) => (result.ok ? [result.value] : []))
        .filter((v) => areaPerSpace.values.includes(v)),
    );
    expect(sameSite?.median).toBe(expected?.median);
  });
});
