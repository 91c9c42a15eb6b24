import { attentionViewKeys } from '@/api/get-attention';
import { AttentionPage } from '@/features/conditions/components/attention-page';
import { useUrlView } from '@/lib/use-url-params';

/** /attention?site=&building=&kind=&sort=: rooms out of their comfort band across the portfolio. */
export function Component() {
  return <AttentionPage view={useUrlView(attentionViewKeys)} />;
}
