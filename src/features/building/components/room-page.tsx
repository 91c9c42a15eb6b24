import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
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
            <Paper variant="outlined">
              <Table size="small" aria-label="Room details">
                <TableBody>
                  {facts.map(([label, value]) => (
                    <TableRow key={label}>
                      <TableCell component="th" scope="row" sx={{ width: 220 }}>
                        {label}
                      </TableCell>
                      <TableCell>{value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
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
