import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { Building } from '@/api/platform-schemas';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';
import { formatArea, formatCompact, formatCount, siteLabel } from '@/lib/format';
import { groupBuildings, topBy, topWithRest } from '../utils/portfolio-summary';

const areaSeries = [{ key: 'area', name: 'Area', format: formatArea }];

export function PortfolioCharts({
  buildings,
  siteNames,
}: {
  buildings: readonly Building[];
  siteNames: Map<string, string>;
}) {
  const charts = useMemo(() => {
    const withCounts = buildings.filter((building) => building.includesDeviceAndMeasurementCounts);
    return {
      area: topWithRest(buildings, 'area', 10),
      floorsAndSpaces: topBy(
        buildings,
        (b) => b.spaceCount,
        (b) => ({ floors: b.floorCount, spaces: b.spaceCount }),
        15,
      ),
      devices: topBy(
        withCounts,
        (b) => b.measurementCount,
        (b) => ({ devices: b.deviceCount, measurements: b.measurementCount }),
        15,
      ),
      withCounts: withCounts.length,
      byOrganization: groupBuildings(
        buildings,
        (b) => b.organizationId,
        (id, first) => first?.organizationName ?? id,
      ),
      bySite: groupBuildings(
        buildings,
        (b) => b.siteId,
        (id) => siteNames.get(id) ?? siteLabel(id),
      ),
    };
  }, [buildings, siteNames]);

  return (
    <Box
      component="section"
      aria-label="Charts"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
    >
      <LazyBarChartCard
        title="Area by building"
        description="Largest first; the rest grouped as Other."
        data={charts.area}
        series={areaSeries}
      />
      <LazyBarChartCard
        title="Floors and spaces per building"
        description="The 15 buildings with the most spaces."
        data={charts.floorsAndSpaces}
        series={[
          { key: 'floors', name: 'Floors', format: formatCount },
          { key: 'spaces', name: 'Spaces', format: formatCount },
        ]}
      />
      <LazyBarChartCard
        title="Devices and measurements per building"
        description={`The 15 with the most measurements, among the ${formatCount(charts.withCounts)} of ${formatCount(buildings.length)} buildings whose counts are included.`}
        data={charts.devices}
        series={[
          { key: 'devices', name: 'Devices', format: formatCompact },
          { key: 'measurements', name: 'Measurements', format: formatCompact, axis: 'right' },
        ]}
      />
      <LazyBarChartCard
        title="Buildings and area by organization"
        data={charts.byOrganization.map((group) => ({
          label: group.label,
          buildings: group.buildings,
          area: group.area,
        }))}
        series={[
          { key: 'area', name: 'Area', format: formatArea },
          { key: 'buildings', name: 'Buildings', format: formatCount, axis: 'right' },
        ]}
      />
      <LazyBarChartCard
        title="Buildings and area by site"
        data={charts.bySite
          .slice(0, 20)
          .map((group) => ({ label: group.label, buildings: group.buildings, area: group.area }))}
        description={
          charts.bySite.length > 20
            ? `The 20 largest of ${formatCount(charts.bySite.length)} sites.`
            : undefined
        }
        series={[
          { key: 'area', name: 'Area', format: formatArea },
          { key: 'buildings', name: 'Buildings', format: formatCount, axis: 'right' },
        ]}
      />
    </Box>
  );
}
