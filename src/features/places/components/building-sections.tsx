import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Building } from '@/api/platform-schemas';
import { DetailsTable } from '@/components/details-table';
import { EmptyState, ErrorState, LoadingSkeleton, PageMessage } from '@/components/query-states';
import { formatArea, formatCount, formatKnown, organizationLabel } from '@/lib/format';
import { useBuildingOutline } from '@/api/get-building-outline';
import { useFloors } from '@/api/get-floors';
import type { BuildingPlace } from '../hooks/use-place';
import { useBuildingRecord } from '../hooks/use-building-record';
import { PlaceHeader } from './place-header';
import { humanizeKey } from '../utils/room-details';
import { StackingPlan, type FloorColumn } from './stacking-plan';
import { PartialAnswerAlert } from './partial-answer-alert';

/** The building's record: reference, organization, site, area, counts and its metadata. */
export function BuildingFacts({ building, siteLabel }: { building: Building; siteLabel: string }) {
  const counts = building.includesDeviceAndMeasurementCounts;
  const facts: Array<[string, string]> = [
    ['Reference', building.referenceId ?? '—'],
    ['Organization', organizationLabel(building.organizationId, building.organizationName)],
    ['Site', siteLabel],
    ['Area', formatKnown(building.area, formatArea)],
    ['Floors', formatKnown(building.floorCount, formatCount)],
    ['Spaces', formatKnown(building.spaceCount, formatCount)],
    ['Devices', counts ? formatKnown(building.deviceCount, formatCount) : 'not included'],
    ['Measurements', counts ? formatKnown(building.measurementCount, formatCount) : 'not included'],
  ];
  const metadata = building.metadata.map((entry): [string, string] => [
    humanizeKey(entry.name),
    entry.value ?? '—',
  ]);
  return <DetailsTable label="Building details" rows={[...facts, ...metadata]} />;
}

/**
 * The floors: REST's floor list (area, spaces) and the GraphQL drill-down (the navigable levels
 * and their rooms) shown as one stacking plan. Either may fail on its own; the other still shows.
 */
export function FloorsSection({
  building,
  extra,
}: {
  building: Building;
  /** A column of each floor's state now, from the building's route (see FloorColumn). */
  extra?: FloorColumn | undefined;
}) {
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
        <PageMessage title="Rooms not found">
          The platform's GraphQL answer has no building with this id, so its floors cannot be
          opened.
        </PageMessage>
      ) : null}
      {floors.isError ? (
        <Alert severity="warning">
          Floor areas could not be loaded ({floors.error.message}); the plan shows rooms only.
        </Alert>
      ) : null}
      <PartialAnswerAlert
        messages={outline.partialErrors}
        unavailableLevels={levels?.filter((level) => level.rooms === null).length}
      />
      <StackingPlan
        buildingId={building.id}
        recordedFloorCount={building.floorCount}
        floors={floors.data}
        levels={levels}
        extra={extra}
      />
    </Stack>
  );
}

/** The top of a building's page: breadcrumbs, name, and how fresh the listing and floors are. */
export function BuildingHeader({ place }: { place: BuildingPlace }) {
  const { listing } = useBuildingRecord(place.building.id);
  const floors = useFloors(place.building.id);
  return <PlaceHeader crumbs={place.crumbs} title={place.name} freshness={[listing, floors]} />;
}
