import { describe, expect, it } from 'vitest';
import { attentionQueryOptions } from '@/api/get-attention';
import { buildingsQueryOptions } from '@/api/get-buildings';
import { capabilitiesQueryOptions } from '@/api/get-capabilities';
import {
  buildingCurrentValuesQueryOptions,
  currentValuesQueryOptions,
} from '@/api/get-current-values';
import {
  buildingMeterQueryOptions,
  deviceQueryOptions,
  devicesQueryOptions,
} from '@/api/get-devices';
import { buildingEnergyQueryOptions, energyIntensitiesQueryOptions } from '@/api/get-energy';
import { floorsQueryOptions } from '@/api/get-floors';
import {
  buildingQualityQueryOptions,
  qualityFindingsQueryOptions,
  qualityScoresQueryOptions,
} from '@/api/get-quality';
import { sitesQueryOptions } from '@/api/get-sites';
import { spacesQueryOptions } from '@/api/get-spaces';
import { historyQueryOptions } from '@/features/history/api/get-history';

/**
 * Whether a query's read takes its abort signal. TanStack Query aborts a read that took it as
 * soon as nobody observes the query, as happens for a moment at every page swap; the next page's
 * loader had already started it, so it would be asked again once that page mounts.
 */
function takesAbortSignal(options: { queryFn?: unknown; queryKey: readonly unknown[] }): boolean {
  let taken = false;
  const context = {
    queryKey: options.queryKey,
    meta: undefined,
    get signal() {
      taken = true;
      return new AbortController().signal;
    },
  };
  const read = (options.queryFn as (context: unknown) => Promise<unknown>)(context);
  // The read itself goes to the test server; only whether it asked for the signal matters here.
  read.catch(() => undefined);
  return taken;
}

describe('reads that successive pages share', () => {
  it('are not aborted at a page swap: none takes the abort signal', () => {
    const shared = {
      buildings: buildingsQueryOptions(),
      sites: sitesQueryOptions(),
      capabilities: capabilitiesQueryOptions(),
      floors: floorsQueryOptions('b1'),
      spaces: spacesQueryOptions('f1'),
      currentValues: currentValuesQueryOptions('Floors', 'f1'),
      buildingCurrentValues: buildingCurrentValuesQueryOptions('b1'),
      devices: devicesQueryOptions('Spaces', 'r1'),
      device: deviceQueryOptions('d1'),
      meter: buildingMeterQueryOptions('b1'),
      buildingQuality: buildingQualityQueryOptions('b1'),
      qualityScores: qualityScoresQueryOptions(),
      buildingEnergy: buildingEnergyQueryOptions('b1'),
      energyIntensities: energyIntensitiesQueryOptions(),
    };
    const aborting = Object.entries(shared)
      .filter(([, options]) => takesAbortSignal(options))
      .map(([name]) => name);
    expect(aborting).toEqual([]);
  });

  it("still stops a read a screen's changed choice replaced (a range, a filter)", () => {
    expect(takesAbortSignal(historyQueryOptions('Floors', 'f1', { from: 0, to: 86_400_000 }))).toBe(
      true,
    );
    expect(takesAbortSignal(attentionQueryOptions({ kind: 'co2' }, 50))).toBe(true);
    expect(takesAbortSignal(qualityFindingsQueryOptions({ rule: 'missing-area' }, 50))).toBe(true);
  });
});
