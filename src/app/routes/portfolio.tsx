import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { NeedsDoingNow } from '@/features/now/components/needs-doing-now';
import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';
import { portfolioViewKeys } from '@/features/portfolio/utils/portfolio-model';
import { useUrlView } from '@/lib/use-url-params';
import { rememberPortfolioSearch } from '@/stores/portfolio-return';

/** /: what needs doing now, then the portfolio's buildings, their figures and charts. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  // The breadcrumbs of a building lead back to the portfolio as it was filtered.
  useEffect(() => rememberPortfolioSearch(search), [search]);
  // Stable, so the table's memoised rows do not all render again on every scroll.
  const openBuilding = useCallback((id: string) => void navigate(paths.building(id)), [navigate]);
  return (
    <PortfolioPage
      view={useUrlView(portfolioViewKeys)}
      onOpenBuilding={openBuilding}
      lead={<NeedsDoingNow />}
    />
  );
}
