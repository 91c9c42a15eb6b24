import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailsTable } from '@/components/details-table';
import { formatCount } from '@/lib/format';
import { useRoomRoute } from '../hooks/use-place-route';
import { BuildingBreadcrumbs } from './building-breadcrumbs';
import { PartialAnswerAlert, RouteStateView } from './route-state-view';

export function RoomPage() {
  const place = useRoomRoute();
  if (place.status !== 'found') return <RouteStateView state={place} />;
  const { room, rooms, levelName, name, crumbs, partialErrors } = place.value;
  const facts: Array<[string, string]> = [
    ['Building', name],
    ['Level', levelName],
    ['Position on the level', `${formatCount(room.index + 1)} of ${formatCount(rooms.length)}`],
    [
      'Same name on this level',
      room.occurrence
        ? `${room.occurrence} rooms called “${room.name}”`
        : 'none: the name is unique here',
    ],
  ];
  return (
    <Stack spacing={2}>
      <PartialAnswerAlert messages={partialErrors} />
      <div>
        <BuildingBreadcrumbs crumbs={crumbs} />
        <Typography variant="h4" component="h1">
          {room.name}
          {room.occurrence ? (
            <Typography component="span" variant="h6" color="text.secondary">
              {' '}
              ({room.occurrence})
            </Typography>
          ) : null}
        </Typography>
      </div>
      <DetailsTable label="Room details" rows={facts} />
      <Typography variant="body2" color="text.secondary">
        The platform's GraphQL interface shows a room's name only; devices and measurements per room
        are not part of its contract.
      </Typography>
    </Stack>
  );
}
