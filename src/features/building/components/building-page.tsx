import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { Building } from '@/api/platform-schemas';
import { DetailsTable } from '@/components/details-table';
import { LazyBarChartCard, preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { EmptyState, ErrorState, LoadingSkeleton, NotFoundState } from '@/components/query-states';
import { displayName, formatArea, formatCount } from '@/lib/format';
import { useBuildingOutline } from '../api/get-building-outline';
import { useFloors } from '../api/get-floors';
import { useBuildingRoute, type BuildingPlace } from '../hooks/use-place-route';
import { BuildingBreadcrumbs } from './building-breadcrumbs';
import { BuildingOutlineList } from './building-outline';
import { PartialAnswerAlert, RouteStateView } from './route-state-view';

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

function BuildingFacts({ building, siteLabel }: { building: Building; siteLabel: string }) {
  const counts = building.includesDeviceAndMeasurementCounts;
  const facts: Array<[string, string]> = [
    ['Reference', building.referenceId ?? '—'],
    ['Organization', building.organizationName ?? building.organizationId],
    ['Site', siteLabel],
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
  const { buildingId = '' } = useParams();
  // Where the platform filters by id, the drill-down starts now, beside the listing, not after it.
  useBuildingOutline({ id: buildingId });
  const place = useBuildingRoute();
  if (place.status !== 'found') return <RouteStateView state={place} />;
  return <BuildingView place={place.value} />;
}

function LevelsSection({ building }: { building: Building }) {
  const outline = useBuildingOutline(building);
  if (!building.name && !outline.byId)
    return (
      <EmptyState title="Levels cannot be looked up">
        The platform finds levels by building name, and this building has none.
      </EmptyState>
    );
  if (outline.fetching && !outline.outline)
    return <LoadingSkeleton label="Loading levels and rooms" />;
  if (outline.error)
    return <ErrorState what="the levels and rooms" error={outline.error} onRetry={outline.retry} />;
  if (!outline.outline)
    return (
      <NotFoundState title="Levels not found">
        The platform's GraphQL answer has no building with this id, so its levels and rooms cannot
        be shown.
      </NotFoundState>
    );
  const levels = outline.outline.levels;
  return (
    <>
      <PartialAnswerAlert messages={outline.partialErrors} />
      {levels && levels.length > 0 ? (
        <Paper variant="outlined">
          <BuildingOutlineList buildingId={building.id} levels={levels} />
        </Paper>
      ) : (
        <EmptyState title="This building has no levels" />
      )}
    </>
  );
}

function BuildingView({ place }: { place: BuildingPlace }) {
  const { building, name, siteLabel, crumbs } = place;
  return (
    <Stack spacing={3}>
      <div>
        <BuildingBreadcrumbs crumbs={crumbs} />
        <Typography variant="h4" component="h1">
          {name}
        </Typography>
      </div>
      <BuildingFacts building={building} siteLabel={siteLabel} />
      <Section title="Floors">
        <FloorsSection buildingId={building.id} />
      </Section>
      <Section title="Levels and rooms">
        <LevelsSection building={building} />
      </Section>
    </Stack>
  );
}
