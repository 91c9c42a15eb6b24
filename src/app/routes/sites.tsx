import { SitesPage } from '@/features/sites/components/sites-page';

/** /sites: every site (or organization) with its totals and share. */
export function Component() {
  return <SitesPage />;
}
