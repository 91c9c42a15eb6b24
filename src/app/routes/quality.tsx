import { QualityPage } from '@/features/quality/components/quality-page';
import { qualityViewKeys } from '@/features/quality/utils/quality-model';
import { useUrlView } from '@/lib/use-url-params';

/** /quality?rule=&severity=&org=&site=: the portfolio's data quality, as the index worked it out. */
export function Component() {
  return <QualityPage view={useUrlView(qualityViewKeys)} />;
}
