import { useSyncExternalStore } from 'react';

/**
 * The buildings picked for comparison while browsing (the portfolio table, a building's page),
 * kept for the tab's session. The comparison itself lives in its URL (/compare?ids=…).
 */
export const maxCompared = 6;
export const minCompared = 2;
const storageKey = 'storey:compare';

let picked: readonly string[] = read();
const listeners = new Set<() => void>();

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((id): id is string => typeof id === 'string').slice(0, maxCompared)
      : [];
  } catch {
    return [];
  }
}

function write(next: readonly string[]) {
  picked = next;
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Private browsing without storage: the pick still holds for this page.
  }
  for (const listener of listeners) listener();
}

export const compareSelection = {
  get: (): readonly string[] => picked,
  /** Adds or removes one building; a seventh is not added (the caller disables it first). */
  toggle(id: string) {
    if (picked.includes(id)) write(picked.filter((other) => other !== id));
    else if (picked.length < maxCompared) write([...picked, id]);
  },
  clear: () => write([]),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCompareSelection(): readonly string[] {
  return useSyncExternalStore(
    compareSelection.subscribe,
    compareSelection.get,
    compareSelection.get,
  );
}
