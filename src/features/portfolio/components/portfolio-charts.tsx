import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ViewToggle } from '@/components/charts/view-toggle';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Building } from '@/api/platform-schemas';
import { totalsQueryOptions } from '@/api/get-totals';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';

import type { Rule } from '@/api/get-quality';
import { areaUnit, formatArea, formatCompact, formatCount, formatShare } from '@/lib/format';
import {
  portfolioChartData,
  shownCategories,
  type PortfolioChartData,
} from '../utils/portfolio-chart-data';
import type { SameName } from '@/shared/rules/same-names';

const restNote = (what: string, rest: { count: number; total: number }, total: string) =>
  rest.count > 0 ? `The other ${formatCount(rest.count)} ${what}: ${total} in all.` : undefined;

/**
 * The portfolio's charts, designed to read the same at 1 and at 10,000 buildings: top 10 as
 * horizontal bars with every name readable and the rest in words, distributions as histograms,
 * one measure (and one colour) per chart.
 */
export function PortfolioCharts({
  buildings,
  siteNames,
  twins,
  wholePortfolio,
  brokenRules = () => [],
}: {
  buildings: readonly Building[];
  siteNames: Map<string, string>;
  /** Buildings of one name among all the person's (the model's). */
  twins: ReadonlyMap<string, SameName>;
  /** No filter: the area by organization comes from the index, every organization with its share. */
  wholePortfolio: boolean;
  /** The data-quality rules a building breaks (the server's): values they put in doubt are left out. */
  brokenRules?: (buildingId: string) => ReadonlyArray<Pick<Rule, 'severity' | 'fields'>>;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const organizationTotals = useQuery({
    ...totalsQueryOptions('organization'),
    enabled: wholePortfolio,
    select: (totals) =>
      totals.rows
        .filter((row) => row.buildings > 0)
        .map((row) => ({
          label: `${row.name ?? row.id} (${formatShare(row.share.area)})`,
          value: row.area,
        })),
  });
  const allOrganizations = wholePortfolio ? organizationTotals.data : undefined;
  const charts = useMemo(
    () => portfolioChartData(buildings, siteNames, twins, brokenRules),
    [buildings, siteNames, twins, brokenRules],
  );

  return (
    <Box component="section" aria-label="Charts">
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          Charts
        </Typography>
        {/* One switch for all six: two Tab stops, not twelve. */}
        <ViewToggle
          label="Charts: view as"
          value={view}
          onChange={setView}
          names={{ chart: 'Charts', table: 'Tables' }}
        />
      </Stack>
      {/* Each card as tall as what it holds: a short chart beside a long one leaves no empty
          foot inside its card (walk P3-17). */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <SizeCards view={view} charts={charts} buildingCount={buildings.length} />
        <GroupCards view={view} charts={charts} allOrganizations={allOrganizations} />
      </Box>
    </Box>
  );
}

type ChartView = 'chart' | 'table';

/** The largest buildings, and how many fall in each band of area. */
function SizeCards({
  view,
  charts,
  buildingCount,
}: {
  view: ChartView;
  charts: PortfolioChartData;
  buildingCount: number;
}) {
  return (
    <>
      <LazyBarChartCard
        view={view}
        title={`The ${Math.min(shownCategories, buildingCount)} largest buildings`}
        data={charts.largest.bars}
        measure="area"
        valueLabel={`Area (${areaUnit})`}
        categoryLabel="Building"
        format={formatArea}
        tickFormat={formatCompact}
        footnote={restNote('buildings', charts.largest.rest, formatArea(charts.largest.rest.total))}
      />
      <LazyBarChartCard
        view={view}
        title="Buildings by area"
        description="How many buildings fall in each band of area."
        layout="vertical"
        data={charts.area}
        measure="buildings"
        valueLabel="Buildings"
        categoryLabel={`Area (${areaUnit})`}
        format={formatCount}
        integer
      />
    </>
  );
}

/** Area by organization, buildings by floors, by site and by how densely they are divided. */
function GroupCards({
  view,
  charts,
  allOrganizations,
}: {
  view: ChartView;
  charts: PortfolioChartData;
  /** Every organization's area from the index, when the whole portfolio is shown. */
  allOrganizations: Array<{ label: string; value: number }> | undefined;
}) {
  return (
    <>
      <LazyBarChartCard
        view={view}
        title="Area by organization"
        description={
          allOrganizations
            ? `Every organization, with its share of the portfolio's area (from the portfolio index).`
            : undefined
        }
        data={allOrganizations ?? charts.byOrganization.bars}
        measure="area"
        valueLabel={`Area (${areaUnit})`}
        categoryLabel="Organization"
        format={formatArea}
        tickFormat={formatCompact}
        footnote={
          allOrganizations
            ? undefined
            : restNote(
                'organizations',
                charts.byOrganization.rest,
                formatArea(charts.byOrganization.rest.total),
              )
        }
      />
      <LazyBarChartCard
        view={view}
        title="Buildings by number of floors"
        layout="vertical"
        data={charts.floors}
        measure="floors"
        valueLabel="Buildings"
        categoryLabel="Floors"
        format={formatCount}
        integer
      />
      {charts.siteSizes ? (
        <LazyBarChartCard
          view={view}
          title="Sites by number of buildings"
          description={`How many buildings each of the ${formatCount(charts.bySite.bars.length + charts.bySite.rest.count)} sites with buildings holds.`}
          layout="vertical"
          data={charts.siteSizes}
          measure="buildings"
          valueLabel="Sites"
          categoryLabel="Buildings on the site"
          format={formatCount}
          integer
        />
      ) : (
        <LazyBarChartCard
          view={view}
          title="Buildings per site"
          data={charts.bySite.bars}
          measure="buildings"
          valueLabel="Buildings"
          categoryLabel="Site"
          format={formatCount}
          integer
          footnote={restNote(
            'sites',
            charts.bySite.rest,
            `${formatCount(charts.bySite.rest.total)} buildings`,
          )}
        />
      )}
      <LazyBarChartCard
        view={view}
        title={`Spaces per 1,000 ${areaUnit}`}
        description={`How densely buildings are divided into spaces${charts.densityLeftOut.length > 0 ? `; left out, as on Compare: ${charts.densityLeftOut.join(', ')}` : ''}.`}
        layout="vertical"
        data={charts.density}
        measure="spaces"
        valueLabel="Buildings"
        categoryLabel={`Spaces per 1,000 ${areaUnit}`}
        format={formatCount}
        integer
      />
    </>
  );
}
