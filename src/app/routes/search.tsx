import { SearchPage } from '@/features/search/components/search-page';
import { useUrlView } from '@/lib/use-url-params';

const searchViewKeys = ['q'] as const;

/** /search?q=: every building, floor, room, site, organization and city that matches. */
export function Component() {
  return <SearchPage view={useUrlView(searchViewKeys)} />;
}
