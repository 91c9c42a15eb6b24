import { within, type ByRoleMatcher } from '@testing-library/react';

/**
 * The one row (or list item) of `scope` holding an element of `role` named `name`: a table's row
 * found by its header or its link, as a person reads across from what they recognise.
 */
export function holding(
  scope: HTMLElement,
  role: ByRoleMatcher,
  name: string | RegExp,
  container: 'row' | 'listitem' = 'row',
): HTMLElement {
  const found = within(scope)
    .getAllByRole(container, { hidden: true })
    .filter((candidate) => within(candidate).queryAllByRole(role, { name }).length > 0)
    // Nested list items: the innermost holds it.
    .filter(
      (candidate, _index, all) =>
        !all.some((other) => other !== candidate && candidate.contains(other)),
    );
  if (found.length !== 1)
    throw new Error(
      `Expected one ${container} holding ${String(role)} "${String(name)}", found ${found.length}.`,
    );
  return found[0]!;
}

/**
 * A table's rows, header row first, found by their role. The table itself was found as a person
 * finds it (visible, named); its rows are not each checked for visibility again: that check walks
 * every row's ancestors through jsdom's computed styles, 850 ms for 200 rows against 50 ms
 * without, and run inside `waitFor` it made tests take a quarter of their timeout (issue #57).
 */
export const rowsOf = (table: HTMLElement): HTMLElement[] =>
  within(table).getAllByRole('row', { hidden: true });

/**
 * The links inside `scope` (a list or table found as a person finds it), by role, without checking
 * each one's visibility again (see rowsOf): a building's 60 floors took 1.1 s with the check.
 */
export const linksOf = (scope: HTMLElement): HTMLElement[] =>
  within(scope).getAllByRole('link', { hidden: true });
