import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { Building } from '@/api/platform-schemas';
import { DetailsTable } from '@/components/details-table';
import { LazyBarChartCard, preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { displayName, formatArea, formatCount } from '@/lib/format';
import { useBuildingOutline } from '../api/get-building-outline';
import { useFloors } from '../api/get-floors';
import { BuildingBreadcrumbs } from './building-breadcrumbs';
import { BuildingFrame, type FoundBuilding } from './building-frame';
import { BuildingOutlineList } from './building-outline';
import { OutlineStates } from './outline-states';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function BuildingFacts({
  building,
  siteName,
}: {
  building: Building;
  siteName: string | undefined;
}) {
  const counts = building.includesDeviceAndMeasurementCounts;
  const facts: Array<[string, string]> = [
    ['Reference', building.referenceId ?? '—'],
    ['Organization', building.organizationName ?? building.organizationId],
    ['Site', siteName ?? building.siteId],
    ['Area', formatArea(building.area)],
    ['Floors', formatCount(building.floorCount)],
    ['Spaces', formatCount(building.spaceCount)],
    ['Devices', counts ? formatCount(building.deviceCount) : 'not included'],
    ['Measurements', counts ? formatCount(building.measurementCount) : 'not included'],
  ];
  const metadata = building.metadata.map((entry): [string, string] => [
    entry.name,
    entry.value ?? '—',
  ]);
  return <DetailsTable label="Building details" rows={[...facts, ...metadata]} />;
}

function FloorsSection({ buildingId }: { buildingId: string }) {
  const floors = useFloors(buildingId);
  if (floors.isPending) return <LoadingSkeleton label="Loading floors" rows={3} />;
  if (floors.isError)
    return (
      <ErrorState what="the floors" error={floors.error} onRetry={() => void floors.refetch()} />
    );
  if (floors.data.length === 0)
    return <EmptyState title="This building has no floors on the platform" />;
  return (
    <Stack spacing={2}>
      <LazyBarChartCard
        title="Spaces and area per floor"
        data={floors.data.map((floor) => ({
          label: displayName(floor.name),
          spaces: floor.spaceCount ?? 0,
          area: floor.area ?? 0,
        }))}
        series={[
          { key: 'spaces', name: 'Spaces', format: formatCount },
          { key: 'area', name: 'Area', format: formatArea, axis: 'right' },
        ]}
      />
    </Stack>
  );
}

export function BuildingPage() {
  useEffect(preloadCharts, []);
  return (
    <BuildingFrame loadingLabel="Loading the building">
      {(found) => <BuildingView {...found} />}
    </BuildingFrame>
  );
}

function BuildingView({ building, siteName }: FoundBuilding) {
  const outline = useBuildingOutline(building);
  const name = displayName(building.name);
  return (
    <Stack spacing={3}>
      <div>
        <BuildingBreadcrumbs
          crumbs={[
            { label: 'Portfolio', to: '/' },
            {
              label: siteName ?? `Site ${building.siteId}`,
              to: `/?site=${encodeURIComponent(building.siteId)}`,
            },
            { label: name },
          ]}
        />
        <Typography variant="h4" component="h1">
          {name}
        </Typography>
      </div>
      <BuildingFacts building={building} siteName={siteName} />
      <Section title="Floors">
        <FloorsSection buildingId={building.id} />
      </Section>
      <Section title="Levels and rooms">
        {building.name ? (
          <OutlineStates state={outline}>
            {(found) =>
              found.levels && found.levels.length > 0 ? (
                <Paper variant="outlined">
                  <BuildingOutlineList buildingId={building.id} levels={found.levels} />
                </Paper>
              ) : (
                <EmptyState title="This building has no levels" />
              )
            }
          </OutlineStates>
        ) : (
          <EmptyState title="Levels cannot be looked up">
            The platform finds levels by building name, and this building has none.
          </EmptyState>
        )}
      </Section>
    </Stack>
  );
}
