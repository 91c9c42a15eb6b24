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
    .getAllByRole(container)
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
