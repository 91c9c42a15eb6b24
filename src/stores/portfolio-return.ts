import { paths } from '@/config/paths';

/**
 * The portfolio as it was last left (search, filters, sort), so "Portfolio" in a building's
 * breadcrumbs goes back to that view rather than the unfiltered list. Kept for the tab's session.
 */
const storageKey = 'storey:portfolio-search';

export function rememberPortfolioSearch(search: string): void {
  try {
    sessionStorage.setItem(storageKey, search);
  } catch {
    // Without storage the breadcrumb goes to the plain portfolio.
  }
}

export function portfolioReturnPath(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(storageKey) ?? '';
  } catch {
    search = '';
  }
  // Only a query string of our own making: never a path or another origin.
  return /^\?[^#/\\]*$/.test(search) ? `${paths.portfolio()}${search}` : paths.portfolio();
}
