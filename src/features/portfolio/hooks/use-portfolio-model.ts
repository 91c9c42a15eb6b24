import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useBuildings } from '@/api/get-buildings';
import { qualityScoresQueryOptions } from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import {
  organizationOptions,
  portfolioCsvName,
  portfolioRows,
  portfolioViewState,
  qualityByBuilding,
  type PortfolioView,
} from '../utils/portfolio-model';
import { filterBuildings, portfolioTotals, siteNames } from '../utils/portfolio-summary';
import { sameNames } from '@/shared/rules/same-names';
import { siteFilterOptions } from '@/domain/site-options';

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
  // Each answer's arrival redraws the table and the figures. Read deferred, that work is done in
  // the background in slices the browser interleaves with input (on a phone it was one task of
  // 100–280 ms per answer), and answers arriving close together are drawn once.
  const listing = useDeferredValue(buildings.data);
  const siteList = useDeferredValue(sites.data);
  const marks = useDeferredValue(quality.data);

  const names = useMemo(() => siteNames(siteList), [siteList]);
  const organizations = useMemo(() => organizationOptions(listing ?? []), [listing]);
  const sitesOffered = useMemo(
    () =>
      siteFilterOptions(siteList, { organizationId: filter.organizationId, buildings: listing }),
    [siteList, listing, filter.organizationId],
  );
  // One function while the scores stay the same: the charts work out 10,000 buildings from it.
  const brokenRules = useCallback((id: string) => marks?.get(id)?.broken ?? [], [marks]);
  // By the filter's fields: the filter object is made afresh on every render.
  const { search, organizationId, siteId } = filter;
  const filtered = useMemo(
    () =>
      filterBuildings(listing ?? [], { search, organizationId, siteId }).filter(
        (building) => !issues || marks?.get(building.id)?.serious === true,
      ),
    [listing, search, organizationId, siteId, marks, issues],
  );
  // Twins are twins among all the person's buildings, whatever the filter shows.
  const twins = useMemo(() => sameNames(listing ?? []), [listing]);
  const rows = useMemo(
    () => portfolioRows(filtered, names, marks, twins, { sortField, sortDirection }),
    [filtered, names, marks, twins, sortField, sortDirection],
  );
  const totals = useMemo(() => portfolioTotals(filtered), [filtered]);
  const filtering = Boolean(search || organizationId || siteId || issues);

  return {
    buildings,
    /** The listing as the page draws it (deferred): undefined until it has been drawn once. */
    listing,
    sites,
    quality,
    state,
    update: view.change,
    names,
    /** Buildings of one name among all the person's, told apart by reference or "2 of 2". */
    twins,
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
