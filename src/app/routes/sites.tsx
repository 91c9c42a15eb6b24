import { SitesPage } from '@/features/sites/components/sites-page';
import { sitesViewKeys } from '@/features/sites/utils/totals-view';
import { useUrlView } from '@/lib/use-url-params';

/** /sites?by=&sort=&dir=: every site (or organization) with its totals and share. */
export function Component() {
  return <SitesPage view={useUrlView(sitesViewKeys)} />;
}
