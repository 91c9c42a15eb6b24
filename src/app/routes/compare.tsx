import { ComparePage } from '@/features/compare/components/compare-page';
import { useUrlParams } from '@/lib/use-url-params';

/** /compare?ids=a,b,c: the route reads the ids; the page receives them. */
export function Component() {
  const [params, update] = useUrlParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return (
    <ComparePage ids={ids} onIdsChange={(next) => update({ ids: next.join(',') || undefined })} />
  );
}
