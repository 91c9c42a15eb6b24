import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { qualityFindingsQueryOptions, qualitySummaryQueryOptions } from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import { totalsQueryOptions } from '@/api/get-totals';
import { siteFilterOptions } from '@/domain/site-options';
import {
  findingRows,
  placesPerRule,
  qualityScopeName,
  qualityViewState,
  type QualityView,
} from '../utils/quality-model';

/** Table rows drawn at most (the CSV has them all). */
export const shownFindings = 500;

/**
 * The data quality screen's model: what the URL asks for, the index's figures and findings for
 * it, and what the page shows of them, each worked out once per change of its inputs. The
 * derivations are pure functions (../utils/quality-model.ts), tested alone.
 */
export function useQualityModel(view: QualityView) {
  const state = qualityViewState(view.values);
  const { filter, group, scope, findingsFilter } = state;
  // The figures stay while another scope loads (the page keeps its place); the issues do not:
  // a list under a filter it does not match would be read as the filter's answer.
  const summary = useQuery({
    ...qualitySummaryQueryOptions(scope),
    placeholderData: keepPreviousData,
  });
  const findings = useQuery(qualityFindingsQueryOptions(findingsFilter, shownFindings));
  const organizations = useQuery({
    ...totalsQueryOptions('organization'),
    select: (totals) =>
      totals.rows
        .map((row) => [row.id, row.name ?? row.id] as const)
        .sort((a, b) => a[1].localeCompare(b[1])),
  });
  const sites = useSites();

  const rules = summary.data?.rules;
  const ruleOf = useMemo(() => new Map((rules ?? []).map((rule) => [rule.id, rule])), [rules]);
  const perRule = useMemo(() => placesPerRule(rules ?? []), [rules]);
  const rows = useMemo(
    () =>
      findings.data
        ? findingRows(
            findings.data.findings,
            group,
            findings.data.groups,
            (ruleId) => ruleOf.get(ruleId)?.title ?? ruleId,
          )
        : [],
    [findings.data, group, ruleOf],
  );
  const siteOptions = useMemo(
    () => siteFilterOptions(sites.data, { organizationId: filter.org }),
    [sites.data, filter.org],
  );

  return {
    state,
    update: view.change,
    summary,
    findings,
    organizations: organizations.data ?? [],
    siteOptions,
    ruleOf,
    perRule,
    rows,
    shown: findings.data?.findings.length ?? 0,
    total: findings.data?.total ?? 0,
    scopeName: qualityScopeName(filter, sites.data, organizations.data),
  };
}
