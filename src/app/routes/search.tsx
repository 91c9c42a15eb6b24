import { SearchPage } from '@/features/search/components/search-page';
import { useUrlView } from '@/lib/use-url-params';
import { WithGraphql } from '../graphql-provider';

const searchViewKeys = ['q'] as const;

/** /search?q=: every building, floor, room, site, organization and city that matches. */
function SearchScreen() {
  return <SearchPage view={useUrlView(searchViewKeys)} />;
}

/** The screen with the GraphQL client its reads and its loader share. */
export function Component() {
  return (
    <WithGraphql>
      <SearchScreen />
    </WithGraphql>
  );
}
