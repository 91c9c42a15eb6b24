import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ViewToggle } from '@/components/charts/view-toggle';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Building } from '@/api/platform-schemas';
import { totalsQueryOptions } from '@/api/get-totals';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';

import { histogram, topN } from '@/domain/chart-data';
import { measureAcross, measureById } from '@/domain/building-measures';
import type { Rule } from '@/api/get-quality';
import {
  areaUnit,
  formatArea,
  formatCompact,
  formatCount,
  formatShare,
  groupKey,
  organizationLabel,
  siteLabel,
} from '@/lib/format';
import { buildingLabel, groupBuildings } from '../utils/portfolio-summary';
import type { SameName } from '@/shared/rules/same-names';

const shownCategories = 10;

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
  const charts = useMemo(() => {
    // Charts of a figure draw the buildings that give it: an unknown area is no bar, not 0.
    const withArea = buildings.filter((b) => b.area !== null);
    const largest = topN(
      withArea,
      (b) => b.area ?? 0,
      (b) => buildingLabel(b, twins),
      shownCategories,
    );
    const organizations = groupBuildings(
      buildings,
      (b) => groupKey(b.organizationId),
      (id, first) => organizationLabel(first?.organizationId ?? id, first?.organizationName),
    );
    const sites = groupBuildings(
      buildings,
      (b) => groupKey(b.siteId),
      (id) => siteNames.get(id) ?? siteLabel(id),
    );
    // Spaces per 1,000 m² as the comparison computes it and with the same buildings left out:
    // one record of 0.4 m² a space must not draw a bar of its own on one screen and not the other.
    const { counted, withoutInputs, inDoubt } = measureAcross(
      measureById.get('spacesPer1000')!,
      buildings,
      brokenRules,
    );
    return {
      largest,
      byOrganization: topN(
        organizations,
        (group) => group.area,
        (group) => group.label,
        shownCategories,
      ),
      bySite: topN(
        sites,
        (group) => group.buildings,
        (group) => group.label,
        shownCategories,
      ),
      // Past ten sites a top ten of equal bars says nothing: how many sites hold how many.
      siteSizes:
        sites.length > shownCategories
          ? histogram(
              sites.map((group) => group.buildings),
              { integer: true, format: formatCount },
            )
          : undefined,
      area: histogram(
        withArea.map((building) => building.area ?? 0),
        { format: formatCompact },
      ),
      floors: histogram(
        buildings.flatMap((building) =>
          building.floorCount === null ? [] : [building.floorCount],
        ),
        { integer: true, format: formatCount },
      ),
      density: histogram(
        counted.map((entry) => entry.value),
        { format: formatCompact },
      ),
      densityLeftOut: [
        withoutInputs > 0 ? `${formatCount(withoutInputs)} without the inputs` : undefined,
        inDoubt > 0
          ? `${formatCount(inDoubt)} whose inputs have data errors or warnings`
          : undefined,
      ].filter((part): part is string => part !== undefined),
    };
  }, [buildings, siteNames, twins, brokenRules]);

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
        <LazyBarChartCard
          view={view}
          title={`The ${Math.min(shownCategories, buildings.length)} largest buildings`}
          data={charts.largest.bars}
          measure="area"
          valueLabel={`Area (${areaUnit})`}
          categoryLabel="Building"
          format={formatArea}
          tickFormat={formatCompact}
          footnote={restNote(
            'buildings',
            charts.largest.rest,
            formatArea(charts.largest.rest.total),
          )}
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
      </Box>
    </Box>
  );
}
