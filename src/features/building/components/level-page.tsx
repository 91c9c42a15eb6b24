import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '@/components/query-states';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useLevelRoute, type LevelPlace } from '../hooks/use-place-route';
import { BuildingBreadcrumbs } from './building-breadcrumbs';
import { PartialAnswerAlert, RouteStateView } from './route-state-view';

function LevelRooms({ context }: { context: LevelPlace }) {
  const [search, setSearch] = useState('');
  const { rooms } = context;
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? rooms.filter((room) => room.name.toLowerCase().includes(needle)) : rooms;
  }, [rooms, search]);

  return (
    <Stack spacing={2}>
      <PartialAnswerAlert messages={context.partialErrors} />
      <div>
        <BuildingBreadcrumbs crumbs={context.crumbs} />
        <Typography variant="h4" component="h1">
          {context.levelName}
        </Typography>
      </div>
      {context.level.rooms === null ? (
        <EmptyState title="Rooms unavailable">
          The platform could not list this level's rooms just now.
        </EmptyState>
      ) : rooms.length === 0 ? (
        <EmptyState title="This level has no rooms" />
      ) : (
        <>
          <TextField
            label="Search rooms"
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ maxWidth: 360 }}
          />
          <Typography role="status" color="text.secondary">
            {shown.length === rooms.length
              ? `${formatCount(rooms.length)} rooms`
              : `${formatCount(shown.length)} of ${formatCount(rooms.length)} rooms`}
          </Typography>
          <Paper variant="outlined">
            <List aria-label="Rooms" dense>
              {shown.map((room) => (
                <ListItem key={room.index} divider>
                  <Link
                    component={RouterLink}
                    to={paths.room(context.building.id, context.levelKey, room.key)}
                  >
                    {room.name}
                    {room.occurrence ? ` (${room.occurrence})` : ''}
                  </Link>
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      )}
    </Stack>
  );
}

export function LevelPage() {
  const level = useLevelRoute();
  if (level.status !== 'found') return <RouteStateView state={level} />;
  return <LevelRooms context={level.value} />;
}
