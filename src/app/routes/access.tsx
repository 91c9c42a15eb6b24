import { AccessAdminPage } from '@/features/access/components/access-admin-page';
import { useUrlView } from '@/lib/use-url-params';

const accessViewKeys = ['person', 'building'] as const;

/** /access?person=&building=: the administrators' Access page; the checks are shareable links. */
export function Component() {
  const view = useUrlView(accessViewKeys);
  return (
    <AccessAdminPage
      view={{ person: view.values.person, building: view.values.building, change: view.change }}
    />
  );
}
