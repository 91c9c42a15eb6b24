import { OpenAlarmsPanel } from '@/features/alarms/components/open-alarms-panel';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router-dom';
import { useRoomJudging } from '@/api/get-room-bands';
import { RoomConditions } from '@/features/conditions/components/room-conditions';
import { HistoryPanel } from '@/features/history/components/history-panel';
import { RoomFacts, RoomHeader, RoomNeighbours } from '@/features/places/components/room-sections';
import { useLevelSpaces } from '@/features/places/hooks/use-level-spaces';
import { useRoomPlace, type RoomPlace } from '@/features/places/hooks/use-place';
import { QualityPanel } from '@/features/quality/components/quality-panel';
import { useHistoryRangeView } from './history-range-view';
import { RouteStateView } from './route-state-view';
import { WithGraphql } from '../graphql-provider';

/** /buildings/:buildingId/levels/:level/rooms/:room: the room now, its record and its history. */
function RoomRoute() {
  const { buildingId = '', level, room } = useParams();
  const place = useRoomPlace({ buildingId, level, room });
  if (place.status !== 'found') return <RouteStateView state={place} />;
  return <RoomScreen place={place.value} />;
}

function RoomScreen({ place }: { place: RoomPlace }) {
  const details = useLevelSpaces(place);
  const historyRange = useHistoryRangeView();
  const room = details.rooms[place.room.index]!;
  // The room's charts shade its own bands (a server room's, none for a store room).
  const judging = useRoomJudging(place.building.id);
  return (
    <Stack spacing={2}>
      <RoomHeader place={place} details={details} />
      {room.space ? (
        <OpenAlarmsPanel
          buildingId={place.building.id}
          levelKey={place.levelKey}
          roomId={room.space.id}
        />
      ) : null}
      <RoomConditions
        buildingId={place.building.id}
        spaceId={room.space?.id}
        timeZone={place.siteTimeZone}
        decommissioned={room.space?.commissionedStatus === 2}
        missingId={
          !details.loading && !room.space
            ? 'The platform has no details for this room, so its conditions cannot be asked for.'
            : undefined
        }
      />
      <RoomFacts place={place} details={details} />
      <HistoryPanel
        level="Spaces"
        id={room.space?.id}
        bands={judging?.bandsOf(room.space?.id)}
        timeZone={place.siteTimeZone}
        placeName={`${place.name} ${room.name}`}
        missingId={
          !details.loading && !room.space
            ? 'The platform has no details for this room, so its history cannot be asked for.'
            : undefined
        }
        {...historyRange}
      />
      <RoomNeighbours place={place} rooms={details.rooms} />
      <QualityPanel
        buildingId={place.building.id}
        floorName={place.levelName}
        room={{ id: room.space?.id, name: room.name }}
      />
    </Stack>
  );
}

/** The screen with the GraphQL client its reads and its loader share. */
export function Component() {
  return (
    <WithGraphql>
      <RoomRoute />
    </WithGraphql>
  );
}
