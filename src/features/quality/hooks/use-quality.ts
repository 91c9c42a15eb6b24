import { useMemo } from 'react';
import { useBuildings } from '@/api/get-buildings';
import { useSites } from '@/api/get-sites';
import { useCheckedBuildings } from '@/lib/checked-buildings';
import { checkPortfolio, portfolioScore, scoresByBuilding } from '@/lib/quality-rules';

/** The portfolio's findings and scores from what is loaded, updated as buildings are checked. */
export function useQuality() {
  const buildings = useBuildings();
  const sites = useSites();
  const details = useCheckedBuildings();
  const result = useMemo(() => {
    if (!buildings.data) return undefined;
    const findings = checkPortfolio({ buildings: buildings.data, sites: sites.data, details });
    const scores = scoresByBuilding(buildings.data, findings);
    return { findings, scores, score: portfolioScore(scores) };
  }, [buildings.data, sites.data, details]);
  return { buildings, sites, details, result };
}
