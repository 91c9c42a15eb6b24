import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { displayName, formatCount } from '@/lib/format';
import type { LevelOutline } from '../api/get-building-outline';
import { labelRooms, levelKey } from '../utils/room-labels';
import { paths } from '@/config/paths';

function LevelItem({
  buildingId,
  level,
  index,
}: {
  buildingId: string;
  level: LevelOutline;
  index: number;
}) {
  const [open, setOpen] = useState(false);
  const rooms = level.rooms;
  const name = displayName(level.name);
  const key = levelKey(level, index);
  const base = paths.level(buildingId, key);
  return (
    <>
      <ListItem
        divider
        secondaryAction={
          rooms && rooms.length > 0 ? (
            <IconButton
              edge="end"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} the rooms of ${name}`}
              onClick={() => setOpen(!open)}
            >
              <span
                aria-hidden="true"
                style={{
                  display: 'inline-block',
                  transform: open ? 'rotate(90deg)' : 'none',
                  transition: 'transform 120ms',
                }}
              >
                ▸
              </span>
            </IconButton>
          ) : undefined
        }
      >
        <ListItemText
          primary={
            <Link component={RouterLink} to={base}>
              {name}
            </Link>
          }
        />
        <Chip
          size="small"
          sx={{ mr: 2 }}
          label={
            rooms
              ? `${formatCount(rooms.length)} ${rooms.length === 1 ? 'room' : 'rooms'}`
              : 'rooms unavailable'
          }
          color={rooms ? 'default' : 'warning'}
        />
      </ListItem>
      {rooms && open ? (
        <Collapse in={open} unmountOnExit>
          <List dense disablePadding aria-label={`Rooms of ${name}`} sx={{ pl: 4 }}>
            {labelRooms(rooms).map((room) => (
              <ListItem key={room.index} dense>
                <Link component={RouterLink} to={paths.room(buildingId, key, room.key)}>
                  {room.name}
                  {room.occurrence ? ` (${room.occurrence})` : ''}
                </Link>
              </ListItem>
            ))}
          </List>
        </Collapse>
      ) : null}
    </>
  );
}

/** Levels collapsed by default: a 200-level tower renders 200 rows, not 20,000. */
export function BuildingOutlineList({
  buildingId,
  levels,
}: {
  buildingId: string;
  levels: readonly LevelOutline[];
}) {
  return (
    <List aria-label="Levels" disablePadding>
      {levels.map((level, index) => (
        <LevelItem key={index} buildingId={buildingId} level={level} index={index} />
      ))}
    </List>
  );
}
