/**
 * How Storey pages through a platform's list, in the dashboard and in the index alike: it trusts
 * no count and stops at the data (the first short page). A count is a hint from upstream: within
 * what Storey reads at most it lets pages be asked ahead; beyond it, it is not believed (10^15
 * once took the server's heap within a second). A page that repeats the one before means the
 * platform ignores `skip`: reading on would never end.
 */

/** What tells one page from the next: its length and its first and last entries. */
export const pageKey = (items: readonly unknown[]): string =>
  items.length === 0
    ? ''
    : `${items.length}\u0000${JSON.stringify(items[0])}\u0000${JSON.stringify(items.at(-1))}`;

/** The platform's x-total-count when it is a count Storey could read to, else undefined. */
export function plausibleTotal(header: string | null | undefined, maxItems: number) {
  if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) return undefined;
  const total = Number(header);
  return total <= maxItems ? total : undefined;
}

export const repeatedPageMessage = (what: string): string =>
  `The platform sent the same page of ${what} twice: it may not page with take and skip. Ask your platform administrator.`;
