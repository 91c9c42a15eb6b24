import { SearchPage } from '@/features/search/components/search-page';

/** /search?q=: every building, floor, room, site, organization and city that matches. */
export function Component() {
  return <SearchPage />;
}
