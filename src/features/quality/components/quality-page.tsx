import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { PageTitle } from '@/components/page-title';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LazyBarChartCard, preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { SeverityChip, severityLabels } from '@/components/severity-chip';
import { StatCard } from '@/components/stat-card';
import { paths } from '@/config/paths';
import { isChecked } from '@/lib/checked-buildings';
import { downloadCsv, toCsv } from '@/lib/csv';
import { displayName, formatCount, siteLabel } from '@/lib/format';
import { ruleById, rules, type Finding, type Severity } from '@/lib/quality-rules';
import { useUrlParams } from '@/lib/use-url-params';
import { useBackgroundCheck } from '../hooks/use-background-check';
import { useQuality } from '../hooks/use-quality';

/** Table rows drawn at most (the CSV has them all). */
const shownRows = 500;

interface Row {
  finding: Finding;
  building: string;
  buildingId: string | undefined;
  site: string;
  organization: string;
}

/** /quality: what is wrong in the portfolio's master data, to be sent to whoever maintains it. */
export function QualityPage() {
  useEffect(preloadCharts, []);
  const [params, update] = useUrlParams();
  const filter = {
    rule: params.get('rule') ?? '',
    severity: params.get('severity') ?? '',
    org: params.get('org') ?? '',
    site: params.get('site') ?? '',
  };
  const { buildings, sites, details, result } = useQuality();
  const check = useBackgroundCheck();

  const lookups = useMemo(() => {
    const siteNames = new Map((sites.data ?? []).map((site) => [site.id, site.name]));
    const byId = new Map((buildings.data ?? []).map((building) => [building.id, building]));
    return { siteNames, byId };
  }, [sites.data, buildings.data]);

  const rows = useMemo<Row[]>(() => {
    if (!result) return [];
    return result.findings
      .map((finding) => {
        const building = finding.buildingId ? lookups.byId.get(finding.buildingId) : undefined;
        return {
          finding,
          building: building ? displayName(building.name) : '—',
          buildingId: building?.id,
          site: siteLabel(finding.siteId, lookups.siteNames.get(finding.siteId)),
          organization: building?.organizationName ?? building?.organizationId ?? '',
        };
      })
      .filter(
        (row) =>
          (!filter.rule || row.finding.ruleId === filter.rule) &&
          (!filter.severity || row.finding.severity === filter.severity) &&
          (!filter.site || row.finding.siteId === filter.site) &&
          (!filter.org ||
            (row.buildingId && lookups.byId.get(row.buildingId)?.organizationId === filter.org)),
      );
  }, [result, lookups, filter.rule, filter.severity, filter.site, filter.org]);

  // Loading and failure keep the page's title.
  // A failed refresh keeps what was shown (marked stale by DataFreshness).
  if (buildings.data === undefined)
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Data quality
        </Typography>
        {!buildings.isError ? (
          <LoadingSkeleton label="Checking the portfolio" />
        ) : (
          <ErrorState
            what="the buildings"
            error={buildings.error}
            onRetry={() => void buildings.refetch()}
          />
        )}
      </Stack>
    );
  const all = buildings.data;
  const inScope = all.filter(
    (building) =>
      (!filter.site || building.siteId === filter.site) &&
      (!filter.org || building.organizationId === filter.org),
  );
  const unchecked = inScope.filter((building) => !isChecked(details.get(building.id)));
  const bySeverity = (severity: Severity) =>
    result!.findings.filter((finding) => finding.severity === severity).length;
  const perRule = rules
    .map((rule) => ({
      label: rule.title,
      value: new Set(
        result!.findings
          .filter((finding) => finding.ruleId === rule.id)
          .map((finding) => finding.buildingId ?? finding.siteId),
      ).size,
    }))
    .filter((entry) => entry.value > 0)
    .sort((a, b) => b.value - a.value);
  const organizations = [
    ...new Map(
      all.map((building) => [
        building.organizationId,
        building.organizationName ?? building.organizationId,
      ]),
    ),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const scopeName = filter.site
    ? siteLabel(filter.site, lookups.siteNames.get(filter.site))
    : filter.org
      ? (organizations.find(([id]) => id === filter.org)?.[1] ?? 'this organization')
      : 'the whole portfolio';

  const exportRows = async () => {
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
      rows.map((row) => [
        row.finding.ruleId,
        severityLabels[row.finding.severity],
        row.building,
        row.buildingId ?? '',
        row.site,
        row.organization,
        row.finding.detail ?? '',
        ruleById.get(row.finding.ruleId)!.explanation,
      ]),
    );
    downloadCsv(`storey-data-quality${filter.rule ? `-${filter.rule}` : ''}.csv`, csv);
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Data quality" freshness={[buildings, sites]} />
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
          label="Portfolio score"
          value={`${result!.score} / 100`}
          note={`${formatCount(all.length)} buildings`}
        />
        <StatCard label="Errors" value={formatCount(bySeverity('error'))} />
        <StatCard label="Warnings" value={formatCount(bySeverity('warning'))} />
        <StatCard label="Notes" value={formatCount(bySeverity('info'))} />
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label="Floor and room checks"
      >
        <Typography>
          Floor and room checks need each building's floors and rooms:{' '}
          {formatCount(inScope.length - unchecked.length)} of {formatCount(inScope.length)}{' '}
          buildings in {scopeName} are checked
          {unchecked.length > 0 ? '; the others are "not checked yet"' : ''}.
        </Typography>
        {check.progress.running || check.progress.total > 0 ? (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={check.progress.total ? (100 * check.progress.done) / check.progress.total : 0}
              aria-label={`Checked ${check.progress.done} of ${check.progress.total} buildings`}
            />
            <Typography variant="body2" color="text.secondary" role="status">
              Checked {formatCount(check.progress.done)} of {formatCount(check.progress.total)}
              {check.progress.failed > 0
                ? ` (${formatCount(check.progress.failed)} could not be checked)`
                : ''}
              {check.progress.running ? '…' : '.'}
            </Typography>
          </Box>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            disabled={check.progress.running || unchecked.length === 0}
            onClick={() => check.start(unchecked)}
          >
            Check floors and rooms of {scopeName}
          </Button>
          {check.progress.running ? <Button onClick={check.cancel}>Stop</Button> : null}
        </Stack>
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
          options={rules.map((rule) => [rule.id, rule.title] as const)}
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
          label="Organization"
          allLabel="All organizations"
          value={filter.org}
          options={organizations}
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
        <Button variant="outlined" disabled={rows.length === 0} onClick={() => void exportRows()}>
          Export CSV
        </Button>
      </Stack>
      {filter.rule ? (
        <Alert severity="info">
          <strong>{ruleById.get(filter.rule)?.title}</strong>:{' '}
          {ruleById.get(filter.rule)?.explanation}
        </Alert>
      ) : null}
      <Typography role="status" color="text.secondary">
        {formatCount(rows.length)} issues
        {rows.length > shownRows
          ? `; the first ${formatCount(shownRows)} are shown, the CSV has them all`
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
              {rows.slice(0, shownRows).map((row, index) => (
                <TableRow
                  key={`${row.finding.ruleId}-${row.buildingId ?? row.finding.siteId}-${index}`}
                >
                  <TableCell>
                    {row.buildingId ? (
                      <Link component={RouterLink} to={paths.building(row.buildingId)}>
                        {row.building}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>{row.site}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={paths.quality({ rule: row.finding.ruleId })}>
                      {ruleById.get(row.finding.ruleId)?.title}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <SeverityChip severity={row.finding.severity} />
                  </TableCell>
                  <TableCell>{row.finding.detail ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
