import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsTable } from '@/components/details-table';
import { NotFoundState } from '@/components/query-states';
import { displayName, formatCount } from '@/lib/format';
import { labelRooms } from '../utils/room-labels';
import { BuildingBreadcrumbs } from './building-breadcrumbs';
import { LevelFrame } from './level-frame';

export function RoomPage() {
  const { room: roomParam } = useParams();
  return (
    <LevelFrame>
      {(context) => {
        const rooms = labelRooms(context.level.rooms ?? []);
        const room =
          roomParam !== undefined && /^\d{1,6}$/.test(roomParam)
            ? rooms[Number(roomParam)]
            : undefined;
        if (!room) {
          return (
            <NotFoundState title="Room not found">
              {context.levelName} has no room “{roomParam}”.{' '}
              <Link component={RouterLink} to={context.levelPath}>
                Back to the level
              </Link>
            </NotFoundState>
          );
        }
        const facts: Array<[string, string]> = [
          ['Building', displayName(context.building.name)],
          ['Level', context.levelName],
          [
            'Position on the level',
            `${formatCount(room.index + 1)} of ${formatCount(rooms.length)}`,
          ],
          [
            'Same name on this level',
            room.occurrence
              ? `${room.occurrence} rooms called “${room.name}”`
              : 'none: the name is unique here',
          ],
        ];
        return (
          <Stack spacing={2}>
            <div>
              <BuildingBreadcrumbs
                crumbs={[
                  ...context.crumbs,
                  { label: room.occurrence ? `${room.name} (${room.occurrence})` : room.name },
                ]}
              />
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
              The platform's GraphQL interface shows a room's name only; devices and measurements
              per room are not part of its contract.
            </Typography>
          </Stack>
        );
      }}
    </LevelFrame>
  );
}
