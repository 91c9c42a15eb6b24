import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DetailsTable } from '@/components/details-table';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { paths } from '@/config/paths';
import { countOf, formatArea, formatCount } from '@/lib/format';
import type { RoomPlace } from '../hooks/use-place';
import type { LevelDetails } from './level-sections';
import { humanizeKey, type RoomDetails } from '../utils/room-details';
import { PlaceHeader } from './place-header';

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
    [
      'Decommissioned on',
      formatDate(space.decommissionedOn) ??
        (space.commissionedStatus === 2 ? 'not recorded' : undefined),
    ],
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

/** The rooms before and after this one on its floor, and the way back to all of them. */
export function RoomNeighbours({
  place,
  rooms,
}: {
  place: RoomPlace;
  rooms: readonly RoomDetails[];
}) {
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
        All {countOf(rooms.length, 'room')} on {place.levelName}
      </Button>
    </Stack>
  );
}

/** The top of a room's page: breadcrumbs, its name, and where it is. */
export function RoomHeader({ place, details }: { place: RoomPlace; details: LevelDetails }) {
  const room = details.rooms[place.room.index]!;
  return (
    <PlaceHeader
      crumbs={place.crumbs}
      title={room.name}
      aside={room.occurrence}
      partialErrors={place.partialErrors}
      freshness={[details.spaces]}
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
  );
}

/** The room's record from the platform (type, area, status, dates, counts, metadata). */
export function RoomFacts({ place, details }: { place: RoomPlace; details: LevelDetails }) {
  const room = details.rooms[place.room.index]!;
  if (details.loading) return <LoadingSkeleton label="Loading the room's details" rows={4} />;
  if (details.error)
    return (
      <PartFailedAlert onRetry={details.retry}>
        The room's details could not be loaded: {details.error.message}
      </PartFailedAlert>
    );
  if (room.space) return <DetailsTable label="Room details" rows={facts(room)} />;
  return <Typography>The platform has no details for this room.</Typography>;
}
