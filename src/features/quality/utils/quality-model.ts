import {
  findingGroups,
  type Finding,
  type FindingGroup,
  type FindingsFilter,
  type QualityScope,
  type QualitySummary,
  type Rule,
  type Severity,
} from '@/api/get-quality';
import type { Site } from '@/api/platform-schemas';
import { severityLabels } from '@/components/severity-chip';
import { displayName, siteLabel, organizationLabel } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';

/** The filters the route keeps in the URL (shareable, restored by Back). */
export const qualityViewKeys = ['rule', 'severity', 'org', 'site', 'group'] as const;
export type QualityView = UrlView<(typeof qualityViewKeys)[number]>;

/** What the URL asks for, read once: the filter, the grouping, and the two queries' inputs. */
export function qualityViewState(values: QualityView['values']) {
  const filter = {
    rule: values.rule ?? '',
    severity: values.severity ?? '',
    org: values.org ?? '',
    site: values.site ?? '',
  };
  const group: FindingGroup =
    findingGroups.find((candidate) => candidate === values.group) ?? 'severity';
  // The figures are the scope's; the list narrows it by rule and severity too.
  const scope: QualityScope = {
    ...(filter.org ? { organization: filter.org } : {}),
    ...(filter.site ? { site: filter.site } : {}),
  };
  const findingsFilter: FindingsFilter = {
    ...scope,
    ...(filter.rule ? { rule: filter.rule } : {}),
    ...(filter.severity ? { severity: filter.severity } : {}),
    ...(group !== 'severity' ? { group } : {}),
  };
  return { filter, group, scope, findingsFilter };
}
export type QualityViewState = ReturnType<typeof qualityViewState>;

/** The chart's bars: how many places each rule finds, most first; rules that find none left out. */
export const placesPerRule = (rules: QualitySummary['rules']) =>
  rules
    .filter((rule) => rule.places > 0)
    .map((rule) => ({ label: rule.title, value: rule.places }))
    .sort((a, b) => b.value - a.value);

/** What the figures cover, in words: a site, an organization, or the whole portfolio. */
export function qualityScopeName(
  filter: QualityViewState['filter'],
  sites: readonly Pick<Site, 'id' | 'name'>[] | undefined,
  organizations: ReadonlyArray<readonly [id: string, name: string]> | undefined,
): string {
  if (filter.site)
    return siteLabel(filter.site, sites?.find((site) => site.id === filter.site)?.name);
  if (filter.org)
    return organizations?.find(([id]) => id === filter.org)?.[1] ?? 'this organization';
  return 'the whole portfolio';
}

/** The group a finding falls in, as the server keys it (quality-queries.ts). */
export const groupKeyOf = (finding: Finding, group: FindingGroup): string =>
  group === 'rule'
    ? finding.ruleId
    : group === 'building'
      ? (finding.buildingId ?? `site:${finding.siteId}`)
      : finding.severity;

const severityGroupLabels: Record<Severity, string> = {
  error: 'Errors',
  warning: 'Warnings',
  info: 'Notes',
};

/** A row of the issues table: a group's heading (with its count in the whole list) or a finding. */
export type FindingRow =
  | {
      kind: 'group';
      key: string;
      title: string;
      count: number | undefined;
      /** Grouped by building: the score these issues explain. */
      score?: number | undefined;
    }
  | { kind: 'finding'; finding: Finding };

/**
 * The listed findings with a heading wherever a group starts. The server orders the list by the
 * group and counts each group over the whole filtered list, not only the rows shown.
 */
export function findingRows(
  findings: readonly Finding[],
  group: FindingGroup,
  groups: ReadonlyArray<{ key: string; count: number; score?: number | undefined }>,
  ruleTitle: (ruleId: string) => string,
): FindingRow[] {
  const groupOf = new Map(groups.map((entry) => [entry.key, entry]));
  const rows: FindingRow[] = [];
  let previous: string | undefined;
  for (const finding of findings) {
    const key = groupKeyOf(finding, group);
    if (key !== previous)
      rows.push({
        kind: 'group',
        key,
        title:
          group === 'severity'
            ? severityGroupLabels[finding.severity]
            : group === 'rule'
              ? ruleTitle(finding.ruleId)
              : finding.buildingId
                ? displayName(finding.buildingName)
                : `${siteLabel(finding.siteId, finding.siteName)} (the site)`,
        count: groupOf.get(key)?.count,
        score: groupOf.get(key)?.score,
      });
    previous = key;
    rows.push({ kind: 'finding', finding });
  }
  return rows;
}

/** The CSV of every finding under the filter: what a maintainer is sent. */
export function findingsCsv(findings: readonly Finding[], rules: readonly Rule[]) {
  const explanation = new Map(rules.map((rule) => [rule.id, rule.explanation]));
  return {
    header: [
      'Rule',
      'Severity',
      'Building',
      'Building id',
      'Site',
      'Organization',
      'Floor',
      'Floor id',
      'Rooms',
      'Detail',
      'Explanation',
    ],
    rows: findings.map((finding) => [
      finding.ruleId,
      severityLabels[finding.severity],
      finding.buildingId ? displayName(finding.buildingName) : '',
      finding.buildingId ?? '',
      siteLabel(finding.siteId, finding.siteName),
      organizationLabel(finding.organizationId, finding.organizationName),
      finding.levelPosition === null ? '' : displayName(finding.levelName),
      finding.levelId ?? '',
      (finding.rooms ?? [])
        .map((room) => `${displayName(room.name)}${room.id ? ` (${room.id})` : ''}`)
        .join('; '),
      finding.detail ?? '',
      explanation.get(finding.ruleId) ?? '',
    ]),
  };
}

export const qualityCsvName = (rule: string) => `storey-data-quality${rule ? `-${rule}` : ''}.csv`;
