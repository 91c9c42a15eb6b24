import { useSyncExternalStore } from 'react';
import type { BuildingDetail } from './quality-rules';

/**
 * What is known of each building beyond the listing (its floors, its drill-down), gathered as
 * buildings are opened or checked in the background, for the data-quality rules that need it.
 */
let details = new Map<string, BuildingDetail>();
const listeners = new Set<() => void>();

export function recordBuildingDetail(buildingId: string, part: BuildingDetail): void {
  const current = details.get(buildingId) ?? {};
  const next = { ...current, ...part };
  if (current.floors === next.floors && current.levels === next.levels) return;
  details = new Map(details).set(buildingId, next);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The details known so far; re-renders when more arrive. */
export const useCheckedBuildings = (): ReadonlyMap<string, BuildingDetail> =>
  useSyncExternalStore(subscribe, () => details);

/** Forgets everything (a new session; tests). */
export function forgetCheckedBuildings(): void {
  details = new Map();
  for (const listener of listeners) listener();
}

/** Both parts known: the deep rules can be decided for this building. */
export const isChecked = (detail: BuildingDetail | undefined): boolean =>
  detail?.floors !== undefined && detail.levels !== undefined;
