import { OpenAlarmsPanel } from '@/features/alarms/components/open-alarms-panel';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router-dom';
import { useMemo } from 'react';
import { paths } from '@/config/paths';
import { FloorConditions } from '@/features/conditions/components/floor-conditions';
import { HistoryPanel } from '@/features/history/components/history-panel';
import {
  LevelHeader,
  LevelRooms,
  NeighbourFloors,
} from '@/features/places/components/level-sections';
import { useLevelSpaces } from '@/features/places/hooks/use-level-spaces';
import { useLevelPlace, type LevelPlace } from '@/features/places/hooks/use-place';
import { QualityPanel } from '@/features/quality/components/quality-panel';
import { useUrlParams } from '@/lib/use-url-params';
import { useHistoryRangeView } from './history-range-view';
import { RouteStateView } from './route-state-view';
import { WithGraphql } from '../graphql-provider';

/** /buildings/:buildingId/levels/:level: the floor now, its rooms, data quality and history. */
function LevelRoute() {
  const { buildingId = '', level } = useParams();
  const place = useLevelPlace({ buildingId, level });
  if (place.status !== 'found') return <RouteStateView state={place} />;
  return <LevelScreen place={place.value} />;
}

function LevelScreen({ place }: { place: LevelPlace }) {
  const details = useLevelSpaces(place);
  const [params, update] = useUrlParams();
  const historyRange = useHistoryRangeView();
  const floorRooms = useMemo(
    () =>
      details.rooms.flatMap((room) =>
        room.space
          ? [
              {
                spaceId: room.space.id,
                name: room.occurrence ? `${room.name} (${room.occurrence})` : room.name,
                href: paths.room(place.building.id, place.levelKey, room.key),
              },
            ]
          : [],
      ),
    [details.rooms, place.building.id, place.levelKey],
  );
  const roomNames = useMemo(
    () => new Map(floorRooms.map((room) => [room.spaceId, room.name])),
    [floorRooms],
  );
  return (
    <Stack spacing={2}>
      <LevelHeader place={place} details={details} />
      <NeighbourFloors place={place} />
      <OpenAlarmsPanel buildingId={place.building.id} levelKey={place.levelKey} />
      <FloorConditions
        buildingId={place.building.id}
        floorId={details.unmatched ? undefined : details.floorId}
        rooms={floorRooms}
        expectedRooms={details.rooms.length}
        timeZone={place.siteTimeZone}
        measure={params.get('measure')}
        onMeasureChange={(measure) => update({ measure })}
      />
      <QualityPanel buildingId={place.building.id} floorName={place.levelName} />
      <LevelRooms
        place={place}
        details={details}
        view={{ q: params.get('q'), sort: params.get('sort'), dir: params.get('dir') }}
        onViewChange={update}
      />
      <HistoryPanel
        level="Floors"
        id={details.floorId}
        timeZone={place.siteTimeZone}
        placeName={`${place.name} ${place.levelName}`}
        roomNames={roomNames}
        missingId={
          details.unmatched
            ? "This floor is not on the platform's floor list, so its history cannot be asked for."
            : undefined
        }
        {...historyRange}
      />
    </Stack>
  );
}

/** The screen with the GraphQL client its reads and its loader share. */
export function Component() {
  return (
    <WithGraphql>
      <LevelRoute />
    </WithGraphql>
  );
}
