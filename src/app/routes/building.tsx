import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useCapabilities } from '@/api/get-capabilities';
import { buildingMeterQueryOptions } from '@/api/get-devices';
import { useParams } from 'react-router-dom';
import { CompareToggle } from '@/components/compare-picker';
import { Section } from '@/components/section';
import {
  BuildingNowSummary,
  FloorNowCell,
  useBuildingNow,
} from '@/features/conditions/components/building-conditions';
import { EnergySummary } from '@/features/history/components/energy-summary';
import { BuildingEnergySummary } from '@/features/energy/components/building-energy';
import { buildingEnergyQueryOptions } from '@/api/get-energy';
import { HistoryPanel } from '@/features/history/components/history-panel';
import { OpenAlarmsPanel } from '@/features/alarms/components/open-alarms-panel';
import { BuildingSilence } from '@/features/alarms/components/silences';
import {
  BuildingFacts,
  BuildingHeader,
  FloorsSection,
} from '@/features/places/components/building-sections';
import { useBuildingPlace } from '@/features/places/hooks/use-place';
import { QualityPanel } from '@/features/quality/components/quality-panel';
import { useHistoryRangeView } from './history-range-view';
import { RouteStateView } from './route-state-view';
import { WithGraphql } from '../graphql-provider';

/**
 * /buildings/:buildingId: the building's record, how its rooms are now (floor by floor, on the
 * stacking plan), its data quality, its floors and its meter's history.
 */
function BuildingScreen() {
  const { buildingId = '' } = useParams();
  const place = useBuildingPlace(buildingId);
  const historyRange = useHistoryRangeView();
  const now = useBuildingNow(
    buildingId,
    place.status === 'found' ? place.value.siteTimeZone : undefined,
  );
  if (place.status !== 'found') return <RouteStateView state={place} />;
  const { building, name, siteLabel } = place.value;
  const nowColumn =
    now.judged || now.pending
      ? {
          title: 'Now',
          cell: (floorId: string | undefined) => (
            <FloorNowCell
              floor={floorId ? now.byFloor.get(floorId) : undefined}
              pending={now.pending}
            />
          ),
        }
      : undefined;
  return (
    <Stack spacing={3}>
      <BuildingHeader place={place.value} />
      <CompareToggle buildingId={building.id} />
      <BuildingFacts building={building} siteLabel={siteLabel} />
      <BuildingNowSummary now={now} />
      <OpenAlarmsPanel buildingId={building.id} />
      <BuildingSilence
        building={{ id: building.id, name }}
        site={building.siteId ? { id: building.siteId, name: siteLabel } : undefined}
      />
      <Section title="Floors">
        <FloorsSection building={building} extra={nowColumn} />
      </Section>
      {/* After the stacking plan: the floors are what a person opens a building for. */}
      <QualityPanel buildingId={building.id} />
      <BuildingHistory
        buildingId={building.id}
        name={name}
        area={building.area}
        timeZone={place.value.siteTimeZone}
        historyRange={historyRange}
      />
    </Stack>
  );
}

/**
 * The building's own history: its main meter's, found among its devices (a measurement that
 * measures the building itself). The platform's answer for a whole building interleaves every
 * room's series (thousands in a tower), so floors and rooms show theirs on their own pages.
 * Without devices on the platform, the building's answer as it is.
 */
function BuildingHistory({
  buildingId,
  name,
  area,
  timeZone,
  historyRange,
}: {
  buildingId: string;
  name: string;
  area: number | null | undefined;
  /** The site's clock: the meter's days are its own midnights. */
  timeZone: string | undefined;
  historyRange: ReturnType<typeof useHistoryRangeView>;
}) {
  const capabilities = useCapabilities();
  const devicesOffered = capabilities.data?.devices.available !== false;
  const indexed = useQuery(buildingEnergyQueryOptions(buildingId));
  const meter = useQuery({
    ...buildingMeterQueryOptions(buildingId),
    enabled: capabilities.isSuccess && devicesOffered,
  });
  if (capabilities.isSuccess && !devicesOffered)
    return (
      <HistoryPanel
        level="Buildings"
        id={buildingId}
        placeName={name}
        timeZone={timeZone}
        {...historyRange}
      />
    );
  const total = meter.data?.measurements.find(
    (measurement) => measurement.measuredId === buildingId,
  );
  // The portfolio's figures where the index has read the building's meter: one number on the
  // Energy page and here. Without an index (or before it has), worked out from the meter.
  const ranked = indexed.data?.building;
  const fromIndex =
    indexed.data?.period && ranked && ranked.meters > 0 && ranked.reason !== 'not-read-yet';
  return (
    <>
      {indexed.isPending ? null : fromIndex ? (
        <BuildingEnergySummary answer={indexed.data!} building={ranked} />
      ) : meter.data && total ? (
        <EnergySummary
          meterId={meter.data.id}
          measurementId={total.id}
          unit={total.unit}
          area={area}
          timeZone={timeZone}
        />
      ) : null}
      <HistoryPanel
        level="Devices"
        id={meter.data?.id}
        timeZone={timeZone}
        placeName={`${name}, ${meter.data?.name ?? 'meter'}`}
        missingId={
          meter.isError
            ? `The building's devices could not be loaded (${meter.error.message}), so its meter's history cannot be asked for.`
            : meter.data === null
              ? 'The platform lists no meter for this building as a whole among its first 5,000 devices: open a floor or a room for its readings.'
              : undefined
        }
        {...historyRange}
      />
    </>
  );
}

/** The screen with the GraphQL client its reads and its loader share. */
export function Component() {
  return (
    <WithGraphql>
      <BuildingScreen />
    </WithGraphql>
  );
}
