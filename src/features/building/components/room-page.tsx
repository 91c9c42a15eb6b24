import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DetailsTable } from '@/components/details-table';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { paths } from '@/config/paths';
import { formatArea, formatCount } from '@/lib/format';
import { useSpaces } from '../api/get-spaces';
import { useLevelSpaces } from '../hooks/use-level-spaces';
import { useRoomRoute, type RoomPlace } from '../hooks/use-place-route';
import { humanizeKey, type RoomDetails } from '../utils/room-details';
import { HistoryPanel } from './history-panel';
import { QualityPanel } from './quality-panel';
import { PlaceHeader } from './place-header';
import { RouteStateView } from './route-state-view';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (value: string | null | undefined) => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
};

function facts(room: RoomDetails): Array<[string, string]> {
  const space = room.space!;
  const counts = space.includesDeviceAndMeasurementCounts === true;
  const rows: Array<[string, string | undefined]> = [
    ['Type', room.type === 'Type not given' ? undefined : room.type],
    ['Area', space.area === null || space.area === undefined ? undefined : formatArea(space.area)],
    ['Status', room.status === '—' ? undefined : room.status],
    ['Commissioned on', formatDate(space.commissionedOn)],
    ['Decommissioned on', formatDate(space.decommissionedOn)],
    ['Reference', space.referenceId ?? undefined],
    ['Devices', counts ? formatCount(space.deviceCount ?? 0) : 'not included by the platform'],
    [
      'Measurements',
      counts ? formatCount(space.measurementCount ?? 0) : 'not included by the platform',
    ],
    ...(space.metadata ?? []).map((entry): [string, string | undefined] => [
      humanizeKey(entry.name),
      entry.value ?? undefined,
    ]),
  ];
  return rows.map(([name, value]) => [name, value ?? '—']);
}

function Neighbours({ place, rooms }: { place: RoomPlace; rooms: readonly RoomDetails[] }) {
  const at = place.room.index;
  const link = (room: RoomDetails | undefined, label: string) =>
    room ? (
      <Button
        component={RouterLink}
        to={paths.room(place.building.id, place.levelKey, room.key)}
        size="small"
        variant="outlined"
      >
        {label}: {room.name}
        {room.occurrence ? ` (${room.occurrence})` : ''}
      </Button>
    ) : null;
  return (
    <Stack
      direction="row"
      spacing={1}
      component="nav"
      aria-label="Neighbouring rooms"
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      {link(rooms[at - 1], 'Previous room')}
      {link(rooms[at + 1], 'Next room')}
      <Button
        component={RouterLink}
        to={paths.level(place.building.id, place.levelKey)}
        size="small"
      >
        All {formatCount(rooms.length)} rooms on {place.levelName}
      </Button>
    </Stack>
  );
}

function RoomView({ place }: { place: RoomPlace }) {
  const details = useLevelSpaces(place);
  const spaces = useSpaces(details.floorId);
  const room = details.rooms[place.room.index]!;
  return (
    <Stack spacing={2}>
      <PlaceHeader
        crumbs={place.crumbs}
        title={room.name}
        aside={room.occurrence}
        partialErrors={place.partialErrors}
        freshness={[spaces]}
      >
        On{' '}
        <Link component={RouterLink} to={paths.level(place.building.id, place.levelKey)}>
          {place.levelName}
        </Link>{' '}
        of{' '}
        <Link component={RouterLink} to={paths.building(place.building.id)}>
          {place.name}
        </Link>
        , {place.siteLabel}
        {room.occurrence ? ` · ${room.occurrence} rooms of this name on the floor` : ''}
      </PlaceHeader>
      {details.loading ? (
        <LoadingSkeleton label="Loading the room's details" rows={4} />
      ) : details.error ? (
        <PartFailedAlert onRetry={details.retry}>
          The room's details could not be loaded: {details.error.message}
        </PartFailedAlert>
      ) : room.space ? (
        <DetailsTable label="Room details" rows={facts(room)} />
      ) : (
        <Typography>The platform has no details for this room.</Typography>
      )}
      <HistoryPanel
        level="Spaces"
        id={room.space?.id}
        placeName={`${place.name} ${room.name}`}
        missingId={
          !details.loading && !room.space
            ? 'The platform has no details for this room, so its history cannot be asked for.'
            : undefined
        }
      />
      <Neighbours place={place} rooms={details.rooms} />
      <QualityPanel buildingId={place.building.id} floorName={place.levelName} />
    </Stack>
  );
}

export function RoomPage() {
  const place = useRoomRoute();
  if (place.status !== 'found') return <RouteStateView state={place} />;
  return <RoomView place={place.value} />;
}
