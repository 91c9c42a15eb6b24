import { QualityPage } from '@/features/quality/components/quality-page';

/** /quality: the portfolio's data quality, as the index worked it out. */
export function Component() {
  return <QualityPage />;
}
