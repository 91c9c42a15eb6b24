/**
 * Places of one name told apart (the walk's P2-5: two "St. Mary's Clinic" rows in one site, with
 * nothing else to choose between them). A place that shares its name with others in the same list
 * (the person's buildings) is named with its reference, or where it has none with its place among
 * them ("2 of 2", ordered by id, so every screen numbers them alike). The index works the counts
 * out for its answers (energy), the dashboard for the listing it holds (the portfolio); both name
 * them here.
 */
export interface SameName {
  /** How many places in the list have this name (1: it is alone). */
  count: number;
  /** Its place among them, by id, from 1. */
  position: number;
}

/** Each id's `SameName` among `places`, by exact name (what a person reads as the same). */
export function sameNames(
  places: ReadonlyArray<{ id: string; name: string | null }>,
): Map<string, SameName> {
  const byName = new Map<string, string[]>();
  for (const place of places) {
    const key = place.name ?? '';
    const ids = byName.get(key);
    if (ids) ids.push(place.id);
    else byName.set(key, [place.id]);
  }
  const result = new Map<string, SameName>();
  for (const ids of byName.values()) {
    ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    ids.forEach((id, index) => result.set(id, { count: ids.length, position: index + 1 }));
  }
  return result;
}

/**
 * What tells this place from the others of its name: its reference, or "2 of 3"; undefined when
 * it is alone.
 */
export function nameDistinction(
  referenceId: string | null | undefined,
  same: SameName | undefined,
): string | undefined {
  if (!same || same.count <= 1) return undefined;
  const reference = referenceId?.trim();
  return reference ? reference : `${same.position} of ${same.count}`;
}

/** "St. Mary's Clinic (stmary-2)", "Meeting room (1 of 2)", or the name alone. */
export function distinctName(
  name: string,
  referenceId: string | null | undefined,
  same: SameName | undefined,
): string {
  const distinction = nameDistinction(referenceId, same);
  return distinction ? `${name} (${distinction})` : name;
}
