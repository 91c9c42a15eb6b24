import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { fetchAllFindings } from '@/api/get-quality';
import { FilterBar } from '@/components/filter-bar';
import { LazyBarChartCard, preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { PageTitle } from '@/components/page-title';
import {
  EmptyState,
  ErrorState,
  ExportFailedAlert,
  LoadingSkeleton,
} from '@/components/query-states';
import { StatCard } from '@/components/stat-card';
import { downloadCsv, toCsv } from '@/lib/csv';
import { formatCount } from '@/lib/format';
import { useQualityModel } from '../hooks/use-quality-model';
import { findingsCsv, qualityCsvName, type QualityView } from '../utils/quality-model';
import { FindingsTable } from './findings-table';

const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const groupOptions = [
  ['rule', 'Rule'],
  ['building', 'Building'],
] as const;

/**
 * /quality: what is wrong in the portfolio's master data, to be sent to whoever maintains it. The
 * server applies the rules to the whole portfolio at each sync of the index; this page shows its
 * figures, its findings and how the score is worked out (its model: ../hooks/use-quality-model).
 */
export function QualityPage({ view }: { view: QualityView }) {
  useEffect(preloadCharts, []);
  const model = useQualityModel(view);
  const { summary, ruleOf, scopeName } = model;
  const { filter, findingsFilter } = model.state;
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
  const ruleTitle = (ruleId: string) => ruleOf.get(ruleId)?.title ?? ruleId;
  const chosenRule = filter.rule ? ruleOf.get(filter.rule) : undefined;

  const exportRows = async () => {
    setExporting(undefined);
    try {
      const csv = findingsCsv(await fetchAllFindings(findingsFilter), figures.rules);
      downloadCsv(qualityCsvName(filter.rule), await toCsv(csv.header, csv.rows));
    } catch (error) {
      setExporting(error);
    }
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Data quality" />
      <QualityFigures
        figures={figures}
        scoped={Boolean(filter.org || filter.site)}
        scopeName={scopeName}
      />
      {model.perRule.length > 0 ? (
        <LazyBarChartCard
          title="Issues by rule"
          description="Buildings (or sites) each rule finds."
          data={model.perRule}
          measure="buildings"
          valueLabel="Buildings"
          categoryLabel="Rule"
          format={formatCount}
          integer
        />
      ) : null}
      <IssueFilters model={model} onExport={() => void exportRows()} />
      {exporting ? <ExportFailedAlert error={exporting} /> : null}
      {chosenRule ? (
        <Alert severity="info">
          <strong>{chosenRule.title}</strong>: {chosenRule.explanation}
        </Alert>
      ) : null}
      <Issues model={model} ruleTitle={ruleTitle} />
    </Stack>
  );
}

type QualityModel = ReturnType<typeof useQualityModel>;
type QualityFiguresData = NonNullable<QualityModel['summary']['data']>;

/** The score of what is shown, its findings by severity, and how the score is worked out. */
function QualityFigures({
  figures,
  scoped,
  scopeName,
}: {
  figures: QualityFiguresData;
  /** An organization or site is chosen: the score is of it, not the portfolio. */
  scoped: boolean;
  scopeName: string;
}) {
  return (
    <>
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
          label={scoped ? 'Score' : 'Portfolio score'}
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
    </>
  );
}

/** Rule, severity, grouping, organization and site; and the CSV of every issue they leave. */
function IssueFilters({ model, onExport }: { model: QualityModel; onExport: () => void }) {
  const { update, total } = model;
  const { filter, group } = model.state;
  const rules = model.summary.data?.rules ?? [];
  return (
    <FilterBar label="Filter issues">
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
        options={model.organizations}
        onChange={(org) => update({ org, site: '' })}
      />
      <NativeSelectFilter
        label="Site"
        allLabel="All sites"
        value={filter.site}
        options={model.siteOptions}
        onChange={(site) => update({ site })}
      />
      <Button variant="outlined" disabled={total === 0} onClick={onExport}>
        Export CSV
      </Button>
    </FilterBar>
  );
}

/** The issues found, as many as are shown of how many, in a table. */
function Issues({
  model,
  ruleTitle,
}: {
  model: QualityModel;
  ruleTitle: (ruleId: string) => string;
}) {
  const { findings, rows, total, shown } = model;
  return (
    <>
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
            {total > shown
              ? `; the first ${formatCount(shown)} are shown, the CSV has them all`
              : ''}
          </Typography>
          {rows.length === 0 ? (
            <EmptyState title="No issues here">
              Nothing these rules check is wrong in what is shown.
            </EmptyState>
          ) : (
            <FindingsTable rows={rows} ruleTitle={ruleTitle} />
          )}
        </>
      )}
    </>
  );
}
