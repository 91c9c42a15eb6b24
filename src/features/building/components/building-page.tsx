import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { Building } from '@/api/platform-schemas';
import { DetailsTable } from '@/components/details-table';
import { preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { EmptyState, ErrorState, LoadingSkeleton, NotFoundState } from '@/components/query-states';
import { formatArea, formatCount } from '@/lib/format';
import { useBuildingOutline } from '@/api/get-building-outline';
import { useBuildings } from '@/api/get-buildings';
import { useFloors } from '@/api/get-floors';
import { useBuildingRoute, type BuildingPlace } from '../hooks/use-place-route';
import { PlaceHeader } from './place-header';
import { humanizeKey } from '../utils/room-details';
import { CompareToggle } from '@/components/compare-picker';
import { Section } from '@/components/section';
import { HistoryPanel } from './history-panel';
import { QualityPanel } from './quality-panel';
import { StackingPlan } from './stacking-plan';
import { PartialAnswerAlert, RouteStateView } from './route-state-view';

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
    humanizeKey(entry.name),
    entry.value ?? '—',
  ]);
  return <DetailsTable label="Building details" rows={[...facts, ...metadata]} />;
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

/**
 * The floors: REST's floor list (area, spaces) and the GraphQL drill-down (the navigable levels
 * and their rooms) shown as one stacking plan. Either may fail on its own; the other still shows.
 */
function FloorsSection({ building }: { building: Building }) {
  const floors = useFloors(building.id);
  const outline = useBuildingOutline(building);
  const drillDownPossible = Boolean(building.name) || outline.byId;
  if (floors.isPending && (outline.fetching || !drillDownPossible))
    return <LoadingSkeleton label="Loading floors" rows={3} />;
  const levels = outline.outline?.levels;
  if ((floors.data?.length ?? 0) === 0 && !levels?.length && !outline.fetching) {
    if (floors.isError)
      return (
        <ErrorState what="the floors" error={floors.error} onRetry={() => void floors.refetch()} />
      );
    return <EmptyState title="This building has no floors on the platform" />;
  }
  return (
    <Stack spacing={2}>
      {!drillDownPossible ? (
        <Alert severity="info">
          Floors cannot be opened: the platform finds a building's floors and rooms by its name, and
          this building has none.
        </Alert>
      ) : outline.error ? (
        <ErrorState what="the floors' rooms" error={outline.error} onRetry={outline.retry} />
      ) : outline.outline === undefined && !outline.fetching ? (
        <NotFoundState title="Rooms not found">
          The platform's GraphQL answer has no building with this id, so its floors cannot be
          opened.
        </NotFoundState>
      ) : null}
      {floors.isError ? (
        <Alert severity="warning">
          Floor areas could not be loaded ({floors.error.message}); the plan shows rooms only.
        </Alert>
      ) : null}
      <PartialAnswerAlert messages={outline.partialErrors} />
      <StackingPlan
        buildingId={building.id}
        recordedFloorCount={building.floorCount}
        floors={floors.data}
        levels={levels}
      />
    </Stack>
  );
}

function BuildingView({ place }: { place: BuildingPlace }) {
  const { building, name, siteLabel, crumbs } = place;
  const listing = useBuildings();
  const floors = useFloors(building.id);
  return (
    <Stack spacing={3}>
      <PlaceHeader crumbs={crumbs} title={name} freshness={[listing, floors]} />
      <CompareToggle buildingId={building.id} />
      <BuildingFacts building={building} siteLabel={siteLabel} />
      <QualityPanel buildingId={building.id} />
      <Section title="Floors">
        <FloorsSection building={building} />
      </Section>
      <HistoryPanel level="Buildings" id={building.id} placeName={name} />
    </Stack>
  );
}
