import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useBuildings } from '@/api/get-buildings';
import { qualityScoresQueryOptions } from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import {
  organizationOptions,
  portfolioCsvName,
  portfolioRows,
  portfolioViewState,
  qualityByBuilding,
  siteOptions,
  type PortfolioView,
} from '../utils/portfolio-model';
import { filterBuildings, portfolioTotals, siteNames } from '../utils/portfolio-summary';

/**
 * The portfolio screen's model: what the URL asks for, and what the listings and the index's
 * scores say about it, each worked out once per change of its inputs. The page only lays it out;
 * the derivations are pure functions (../utils/portfolio-model.ts), tested alone.
 */
export function usePortfolioModel(view: PortfolioView) {
  const buildings = useBuildings();
  const sites = useSites();
  const state = portfolioViewState(view.values);
  const { filter, issues, sortField, sortDirection } = state;
  // The same score its own page and the comparison show: the index's.
  const quality = useQuery({ ...qualityScoresQueryOptions(), select: qualityByBuilding });

  const names = useMemo(() => siteNames(sites.data), [sites.data]);
  const organizations = useMemo(() => organizationOptions(buildings.data ?? []), [buildings.data]);
  const sitesOffered = useMemo(
    () => siteOptions(buildings.data ?? [], names, filter.organizationId),
    [buildings.data, names, filter.organizationId],
  );
  // One function while the scores stay the same: the charts work out 10,000 buildings from it.
  const brokenRules = useCallback(
    (id: string) => quality.data?.get(id)?.broken ?? [],
    [quality.data],
  );
  // By the filter's fields: the filter object is made afresh on every render.
  const { search, organizationId, siteId } = filter;
  const filtered = useMemo(
    () =>
      filterBuildings(buildings.data ?? [], { search, organizationId, siteId }).filter(
        (building) => !issues || quality.data?.get(building.id)?.serious === true,
      ),
    [buildings.data, search, organizationId, siteId, quality.data, issues],
  );
  const rows = useMemo(
    () => portfolioRows(filtered, names, quality.data, { sortField, sortDirection }),
    [filtered, names, quality.data, sortField, sortDirection],
  );
  const totals = useMemo(() => portfolioTotals(filtered), [filtered]);
  const filtering = Boolean(search || organizationId || siteId || issues);

  return {
    buildings,
    sites,
    quality,
    state,
    update: view.change,
    names,
    organizations,
    siteOptions: sitesOffered,
    brokenRules,
    filtered,
    rows,
    totals,
    filtering,
    csvName: portfolioCsvName([
      search,
      organizations.find(([id]) => id === organizationId)?.[1],
      sitesOffered.find(([id]) => id === siteId)?.[1],
      issues ? 'with-issues' : undefined,
    ]),
  };
}
