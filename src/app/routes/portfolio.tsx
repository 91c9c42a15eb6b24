import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';

/** /: the portfolio's buildings, their figures and charts. */
export function Component() {
  return <PortfolioPage />;
}
