import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  fetchAllFindings,
  qualityFindingsQueryOptions,
  qualitySummaryQueryOptions,
  findingGroups,
  type Finding,
  type FindingGroup,
  type FindingsFilter,
} from '@/api/get-quality';
import { useSites } from '@/api/get-sites';
import { totalsQueryOptions } from '@/api/get-totals';
import { LazyBarChartCard, preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import {
  EmptyState,
  ErrorState,
  ExportFailedAlert,
  LoadingSkeleton,
} from '@/components/query-states';
import { SeverityChip, severityLabels } from '@/components/severity-chip';
import { StatCard } from '@/components/stat-card';
import { paths } from '@/config/paths';
import { downloadCsv, toCsv } from '@/lib/csv';
import { displayName, formatCount, siteLabel } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';

/** Table rows drawn at most (the CSV has them all). */
const shownRows = 500;

const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /quality: what is wrong in the portfolio's master data, to be sent to whoever maintains it. The
 * server applies the rules to the whole portfolio at each sync of the index; this page shows its
 * figures, its findings and how the score is worked out.
 */
/** The filters the route keeps in the URL. */
export const qualityViewKeys = ['rule', 'severity', 'org', 'site', 'group'] as const;

const groupOptions = [
  ['rule', 'Rule'],
  ['building', 'Building'],
] as const;
const severityGroupLabels = { error: 'Errors', warning: 'Warnings', info: 'Notes' } as const;

/** The group a finding falls in, as the server keys it (quality-queries.ts). */
const groupKeyOf = (finding: Finding, group: FindingGroup) =>
  group === 'rule'
    ? finding.ruleId
    : group === 'building'
      ? (finding.buildingId ?? `site:${finding.siteId}`)
      : finding.severity;

export function QualityPage({ view }: { view: UrlView<(typeof qualityViewKeys)[number]> }) {
  useEffect(preloadCharts, []);
  const update = view.change;
  const filter = {
    rule: view.values.rule ?? '',
    severity: view.values.severity ?? '',
    org: view.values.org ?? '',
    site: view.values.site ?? '',
  };
  const group: FindingGroup =
    findingGroups.find((candidate) => candidate === view.values.group) ?? 'severity';
  const scope = {
    ...(filter.org ? { organization: filter.org } : {}),
    ...(filter.site ? { site: filter.site } : {}),
  };
  const findingsFilter: FindingsFilter = {
    ...scope,
    ...(filter.rule ? { rule: filter.rule } : {}),
    ...(filter.severity ? { severity: filter.severity } : {}),
    ...(group !== 'severity' ? { group } : {}),
  };
  // The figures stay while another scope loads (the page keeps its place); the issues do not:
  // a list under a filter it does not match would be read as the filter's answer.
  const summary = useQuery({
    ...qualitySummaryQueryOptions(scope),
    placeholderData: keepPreviousData,
  });
  const findings = useQuery(qualityFindingsQueryOptions(findingsFilter, shownRows));
  const organizations = useQuery({
    ...totalsQueryOptions('organization'),
    select: (totals) =>
      totals.rows
        .map((row) => [row.id, row.name ?? row.id] as const)
        .sort((a, b) => a[1].localeCompare(b[1])),
  });
  const sites = useSites();
  const [exporting, setExporting] = useState<unknown>(undefined);

  if (summary.data === undefined)
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Data quality
        </Typography>
        {!summary.isError ? (
          <LoadingSkeleton label="Checking the portfolio" />
        ) : (
          <ErrorState
            what="the data quality"
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        )}
      </Stack>
    );
  const figures = summary.data;
  const ruleOf = new Map(figures.rules.map((rule) => [rule.id, rule]));
  const perRule = figures.rules
    .filter((rule) => rule.places > 0)
    .map((rule) => ({ label: rule.title, value: rule.places }))
    .sort((a, b) => b.value - a.value);
  const scopeName = filter.site
    ? siteLabel(filter.site, sites.data?.find((site) => site.id === filter.site)?.name)
    : filter.org
      ? (organizations.data?.find(([id]) => id === filter.org)?.[1] ?? 'this organization')
      : 'the whole portfolio';
  const rows = findings.data?.findings ?? [];
  const total = findings.data?.total ?? 0;

  const exportRows = async () => {
    setExporting(undefined);
    try {
      const all = await fetchAllFindings(findingsFilter);
      const csv = await toCsv(
        [
          'Rule',
          'Severity',
          'Building',
          'Building id',
          'Site',
          'Organization',
          'Detail',
          'Explanation',
        ],
        all.map((finding) => [
          finding.ruleId,
          severityLabels[finding.severity],
          finding.buildingId ? displayName(finding.buildingName) : '',
          finding.buildingId ?? '',
          siteLabel(finding.siteId, finding.siteName),
          finding.organizationName ?? finding.organizationId ?? '',
          finding.detail ?? '',
          ruleOf.get(finding.ruleId)?.explanation ?? '',
        ]),
      );
      downloadCsv(`storey-data-quality${filter.rule ? `-${filter.rule}` : ''}.csv`, csv);
    } catch (error) {
      setExporting(error);
    }
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Data quality" />
      <Box
        component="section"
        aria-label="Quality figures"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard
          label={filter.org || filter.site ? 'Score' : 'Portfolio score'}
          value={figures.score === null ? '—' : `${figures.score} / 100`}
          note={`${formatCount(figures.buildings)} buildings in ${scopeName}`}
        />
        <StatCard label="Errors" value={formatCount(figures.findings.error)} />
        <StatCard label="Warnings" value={formatCount(figures.findings.warning)} />
        <StatCard label="Notes" value={formatCount(figures.findings.info)} />
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label="How the score is worked out"
      >
        <Typography variant="subtitle1" component="h2" gutterBottom>
          How the score is worked out
        </Typography>
        <Typography>{figures.formula.text}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Every rule ran over {scopeName} at the portfolio index's sync of{' '}
          {clock.format(new Date(figures.asOf))}: floors and rooms of {formatCount(figures.checked)}{' '}
          of {formatCount(figures.buildings)} buildings were checked
          {figures.checked < figures.buildings
            ? '; the others could not be read from the platform, so only their records are checked'
            : ''}
          .
        </Typography>
      </Paper>
      {perRule.length > 0 ? (
        <LazyBarChartCard
          title="Issues by rule"
          description="Buildings (or sites) each rule finds."
          data={perRule}
          measure="buildings"
          valueLabel="Buildings"
          categoryLabel="Rule"
          format={formatCount}
          integer
        />
      ) : null}
      <Stack
        component="search"
        aria-label="Filter issues"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
      >
        <NativeSelectFilter
          label="Rule"
          allLabel="All rules"
          value={filter.rule}
          options={figures.rules.map((rule) => [rule.id, rule.title] as const)}
          onChange={(rule) => update({ rule })}
          minWidth={260}
        />
        <NativeSelectFilter
          label="Severity"
          allLabel="All severities"
          value={filter.severity}
          options={[
            ['error', 'Errors'],
            ['warning', 'Warnings'],
            ['info', 'Notes'],
          ]}
          onChange={(severity) => update({ severity })}
        />
        <NativeSelectFilter
          label="Group by"
          allLabel="Severity"
          value={group === 'severity' ? '' : group}
          options={groupOptions}
          onChange={(value) => update({ group: value })}
        />
        <NativeSelectFilter
          label="Organization"
          allLabel="All organizations"
          value={filter.org}
          options={organizations.data ?? []}
          onChange={(org) => update({ org, site: '' })}
        />
        <NativeSelectFilter
          label="Site"
          allLabel="All sites"
          value={filter.site}
          options={(sites.data ?? [])
            .filter((site) => !filter.org || site.organizationId === filter.org)
            .map((site) => [site.id, siteLabel(site.id, site.name)] as const)}
          onChange={(site) => update({ site })}
        />
        <Button variant="outlined" disabled={total === 0} onClick={() => void exportRows()}>
          Export CSV
        </Button>
      </Stack>
      {exporting ? <ExportFailedAlert error={exporting} /> : null}
      {filter.rule && ruleOf.get(filter.rule) ? (
        <Alert severity="info">
          <strong>{ruleOf.get(filter.rule)!.title}</strong>: {ruleOf.get(filter.rule)!.explanation}
        </Alert>
      ) : null}
      {findings.isError ? (
        <ErrorState
          what="the issues"
          error={findings.error}
          onRetry={() => void findings.refetch()}
        />
      ) : findings.data === undefined ? (
        <LoadingSkeleton label="Loading the issues" />
      ) : (
        <>
          <Typography role="status" color="text.secondary">
            {formatCount(total)} issues
            {total > rows.length
              ? `; the first ${formatCount(rows.length)} are shown, the CSV has them all`
              : ''}
          </Typography>
          {rows.length === 0 ? (
            <EmptyState title="No issues here">
              Nothing these rules check is wrong in what is shown.
            </EmptyState>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Issues">
                <TableHead>
                  <TableRow>
                    <TableCell>Building</TableCell>
                    <TableCell>Site</TableCell>
                    <TableCell>Issue</TableCell>
                    <TableCell>Severity</TableCell>
                    <TableCell>Detail</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row, index) => {
                    const key = groupKeyOf(row, group);
                    const starts = index === 0 || groupKeyOf(rows[index - 1]!, group) !== key;
                    const count = findings.data.groups.find((entry) => entry.key === key)?.count;
                    return (
                      <Fragment key={`${row.ruleId}-${row.buildingId ?? row.siteId}-${index}`}>
                        {starts ? (
                          <TableRow sx={{ bgcolor: 'action.hover' }}>
                            <TableCell component="th" scope="rowgroup" colSpan={5}>
                              <strong>
                                {group === 'severity'
                                  ? severityGroupLabels[row.severity]
                                  : group === 'rule'
                                    ? (ruleOf.get(row.ruleId)?.title ?? row.ruleId)
                                    : row.buildingId
                                      ? displayName(row.buildingName)
                                      : `${siteLabel(row.siteId, row.siteName)} (the site)`}
                              </strong>
                              {count !== undefined
                                ? ` · ${formatCount(count)} ${count === 1 ? 'issue' : 'issues'}`
                                : ''}
                            </TableCell>
                          </TableRow>
                        ) : null}
                        <TableRow>
                          <TableCell>
                            {row.buildingId ? (
                              <Link component={RouterLink} to={paths.building(row.buildingId)}>
                                {displayName(row.buildingName)}
                              </Link>
                            ) : (
                              '—'
                            )}
                          </TableCell>
                          <TableCell>{siteLabel(row.siteId, row.siteName)}</TableCell>
                          <TableCell>
                            <Link component={RouterLink} to={paths.quality({ rule: row.ruleId })}>
                              {ruleOf.get(row.ruleId)?.title ?? row.ruleId}
                            </Link>
                          </TableCell>
                          <TableCell>
                            <SeverityChip severity={row.severity} />
                          </TableCell>
                          <TableCell>{row.detail ?? ''}</TableCell>
                        </TableRow>
                      </Fragment>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </Stack>
  );
}
