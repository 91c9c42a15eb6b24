import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';
import { DebouncedTextField } from '@/components/debounced-text-field';
import { EmptyState, PartFailedAlert } from '@/components/query-states';
import {
  HiddenColumnsToggle,
  shownFrom,
  useHiddenColumns,
  type ColumnPriority,
} from '@/components/hidden-columns';
import { paths } from '@/config/paths';
import {
  areaUnit,
  countOf,
  displayName,
  formatArea,
  formatAreaValue,
  formatCompact,
  formatCount,
} from '@/lib/format';
import { matches } from '@/shared/rules/text-match';
import type { useLevelSpaces } from '../hooks/use-level-spaces';
import type { LevelPlace } from '../hooks/use-place';
import { areaByType, type RoomDetails } from '../utils/room-details';
import { levelKey } from '../utils/room-labels';
import { PlaceHeader } from './place-header';

const sortFields = ['name', 'type', 'area', 'status', 'devices'] as const;
type SortField = (typeof sortFields)[number];

const sortValue = (room: RoomDetails, field: SortField): string | number | undefined => {
  switch (field) {
    case 'name':
      return room.name;
    case 'type':
      return room.type;
    case 'area':
      return room.area;
    case 'status':
      return room.status;
    case 'devices':
      return room.space?.includesDeviceAndMeasurementCounts
        ? (room.space.deviceCount ?? undefined)
        : undefined;
  }
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortRooms(rooms: RoomDetails[], field: SortField, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rooms].sort((a, b) => {
    const left = sortValue(a, field);
    const right = sortValue(b, field);
    // Missing values last, whichever the direction.
    if (left === undefined || right === undefined)
      return left === right ? a.index - b.index : left === undefined ? 1 : -1;
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right));
    return order === 0 ? a.index - b.index : sign * order;
  });
}

/** The floors above and below this one, as links (the drill-down lists the lowest first). */
export function NeighbourFloors({ place }: { place: LevelPlace }) {
  const levels = place.outline.levels ?? [];
  const link = (offset: number, label: string) => {
    const index = place.levelIndex + offset;
    const level = levels[index];
    if (!level) return null;
    return (
      <Button
        component={RouterLink}
        to={paths.level(place.building.id, levelKey(level, index))}
        size="small"
        variant="outlined"
      >
        {label}: {displayName(level.name)}
      </Button>
    );
  };
  return (
    <Stack direction="row" spacing={1} component="nav" aria-label="Other floors">
      {link(1, 'Floor above')}
      {link(-1, 'Floor below')}
    </Stack>
  );
}

/** How the rooms table is shown, as the route keeps it: search text, sort column and direction. */
export interface RoomsView {
  q: string | null;
  sort: string | null;
  dir: string | null;
}

export type LevelDetails = ReturnType<typeof useLevelSpaces>;

/** The top of a floor's page: breadcrumbs, the floor's name, how many rooms and their area. */
export function LevelHeader({ place, details }: { place: LevelPlace; details: LevelDetails }) {
  const withDetails = details.rooms.filter((room) => room.space).length;
  const totalArea = details.rooms.reduce((sum, room) => sum + (room.area ?? 0), 0);
  return (
    <PlaceHeader
      crumbs={place.crumbs}
      title={place.levelName}
      partialErrors={place.partialErrors}
      freshness={[details.spaces]}
    >
      {countOf(details.rooms.length, 'room')}
      {withDetails > 0 ? ` · ${formatArea(totalArea)} of rooms` : ''}
    </PlaceHeader>
  );
}

/** The rooms table's columns, and from which width each shows (a phone keeps name and area). */
const roomColumns: ReadonlyArray<{ field: SortField; label: string; priority: ColumnPriority }> = [
  { field: 'name', label: 'Room', priority: 'always' },
  { field: 'type', label: 'Type', priority: 'sm' },
  { field: 'area', label: 'Area', priority: 'always' },
  { field: 'status', label: 'Status', priority: 'md' },
  { field: 'devices', label: 'Devices', priority: 'md' },
];

/**
 * The floor's rooms: a search, a sortable table linking to each room, and their area by type.
 * The chart comes after the table: it is drawn from the rooms' details, and above the table it
 * would push the rows down under a finger aimed at one while the details arrive.
 */
export function LevelRooms({
  place,
  details,
  view,
  onViewChange,
}: {
  place: LevelPlace;
  details: LevelDetails;
  view: RoomsView;
  onViewChange: (changes: Partial<Record<keyof RoomsView, string | undefined>>) => void;
}) {
  const update = onViewChange;
  const search = view.q ?? '';
  const sortParam = view.sort as SortField | null;
  const sortField: SortField = sortParam && sortFields.includes(sortParam) ? sortParam : 'name';
  const direction = view.dir === 'desc' ? 'desc' : 'asc';

  const shown = useMemo(() => {
    const filtered = search.trim()
      ? details.rooms.filter((room) => matches(room.name, search) || matches(room.type, search))
      : details.rooms;
    return sortRooms(filtered, sortField, direction);
  }, [details.rooms, search, sortField, direction]);
  const byType = useMemo(() => areaByType(details.rooms), [details.rooms]);
  const withDetails = details.rooms.filter((room) => room.space).length;
  // Sorted by what comes with the rooms' details, the order is known only once they arrive: rows
  // drawn before would move under a finger aimed at one, so they wait as placeholders.
  const waitingForOrder = sortField !== 'name' && details.loading;

  return (
    <Stack spacing={2}>
      {details.error ? (
        <PartFailedAlert onRetry={details.retry}>
          Room details (type, area, status) could not be loaded: {details.error.message} The rooms
          are still listed.
        </PartFailedAlert>
      ) : details.unmatched ? (
        <Alert severity="info">
          This floor is not on the platform's floor list, so its rooms' details cannot be looked up.
        </Alert>
      ) : null}
      {place.level.rooms === null ? (
        <EmptyState title="Rooms unavailable">
          The platform could not list this floor's rooms just now.
        </EmptyState>
      ) : details.rooms.length === 0 ? (
        <EmptyState title="This floor has no rooms" />
      ) : (
        <>
          <Stack component="search" aria-label="Search rooms on this floor" direction="row">
            <DebouncedTextField
              label="Search rooms"
              size="small"
              value={search}
              onCommit={(q) => update({ q: q || undefined })}
              sx={{ maxWidth: 360, flex: 1 }}
            />
          </Stack>
          <Typography role="status" color="text.secondary">
            {shown.length === details.rooms.length
              ? countOf(details.rooms.length, 'room')
              : `${formatCount(shown.length)} of ${countOf(details.rooms.length, 'room')}`}
            {waitingForOrder
              ? ` · listed by ${roomColumns.find((column) => column.field === sortField)!.label.toLowerCase()} once their details arrive…`
              : details.loading
                ? ' · loading room details…'
                : ''}
          </Typography>
          <RoomsTable
            rooms={shown}
            place={place}
            sort={{ field: sortField, direction }}
            waitingForOrder={waitingForOrder}
            onViewChange={update}
          />
          {withDetails > 0 && byType.length > 1 ? (
            <LazyBarChartCard
              draw="when-near"
              title="Room area by type"
              description="Sum of the rooms' areas on this floor, per room type."
              data={byType.map((type) => ({ label: type.label, value: type.area }))}
              measure="area"
              valueLabel={`Area (${areaUnit})`}
              categoryLabel="Room type"
              format={formatArea}
              tickFormat={formatCompact}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

type ShownAt = (field: SortField) => object | undefined;

/** The rooms shown as a table sortable by each column, narrow windows hiding some by priority. */
function RoomsTable({
  rooms: shown,
  place,
  sort: { field: sortField, direction },
  waitingForOrder,
  onViewChange: update,
}: {
  rooms: readonly RoomDetails[];
  place: LevelPlace;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  /** The order is not known yet: the rows wait as placeholders. */
  waitingForOrder: boolean;
  onViewChange: (changes: Partial<Record<keyof RoomsView, string | undefined>>) => void;
}) {
  const hidden = useHiddenColumns(roomColumns);
  const [showAll, setShowAll] = useState(false);
  const shownAt = (field: SortField) =>
    shownFrom[roomColumns.find((column) => column.field === field)!.priority];

  const header = (field: SortField, label: string, numeric = false) => (
    <TableCell
      align={numeric ? 'right' : 'left'}
      sortDirection={sortField === field ? direction : false}
      sx={{ whiteSpace: 'nowrap', ...shownAt(field) }}
    >
      <TableSortLabel
        active={sortField === field}
        direction={sortField === field ? direction : 'asc'}
        onClick={() =>
          update({
            sort: field === 'name' ? undefined : field,
            dir: sortField === field && direction === 'asc' ? 'desc' : undefined,
          })
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <HiddenColumnsToggle hidden={hidden} showAll={showAll} onShowAll={setShowAll} />
      <TableContainer component={Paper} variant="outlined">
        <Table
          size="small"
          aria-label="Rooms"
          aria-busy={waitingForOrder}
          sx={showAll ? { '& th, & td': { display: 'table-cell !important' } } : undefined}
        >
          <TableHead>
            <TableRow>
              {header('name', 'Room')}
              {header('type', 'Type')}
              {header('area', `Area (${areaUnit})`, true)}
              {header('status', 'Status')}
              {header('devices', 'Devices', true)}
            </TableRow>
          </TableHead>
          <TableBody>
            {waitingForOrder ? (
              <PendingRows count={shown.length} shownAt={shownAt} />
            ) : (
              <RoomRows rooms={shown} place={place} shownAt={shownAt} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** The floor's rooms as rows, each linking to its room. */
function RoomRows({
  rooms,
  place,
  shownAt,
}: {
  rooms: readonly RoomDetails[];
  place: LevelPlace;
  shownAt: ShownAt;
}) {
  return rooms.map((room) => (
    <TableRow key={room.key} hover>
      <TableCell>
        <Link component={RouterLink} to={paths.room(place.building.id, place.levelKey, room.key)}>
          {room.name}
          {room.occurrence ? ` (${room.occurrence})` : ''}
        </Link>
      </TableCell>
      <TableCell sx={shownAt('type')}>{room.space ? room.type : '—'}</TableCell>
      <TableCell align="right">
        {room.area === undefined ? '—' : formatAreaValue(room.area)}
      </TableCell>
      <TableCell sx={shownAt('status')}>{room.status}</TableCell>
      <TableCell align="right" sx={shownAt('devices')}>
        {room.space?.includesDeviceAndMeasurementCounts
          ? formatCount(room.space.deviceCount ?? 0)
          : '—'}
      </TableCell>
    </TableRow>
  ));
}

/** As many rows as rooms, of a row's height, with nothing to tap: the order is not known yet. */
function PendingRows({ count, shownAt }: { count: number; shownAt: ShownAt }) {
  return Array.from({ length: count }, (_, index) => (
    <TableRow key={index} aria-hidden>
      <TableCell>
        <Skeleton variant="text" width="60%" />
      </TableCell>
      <TableCell sx={shownAt('type')}>
        <Skeleton variant="text" />
      </TableCell>
      <TableCell align="right">
        <Skeleton variant="text" />
      </TableCell>
      <TableCell sx={shownAt('status')}>
        <Skeleton variant="text" />
      </TableCell>
      <TableCell sx={shownAt('devices')}>
        <Skeleton variant="text" />
      </TableCell>
    </TableRow>
  ));
}
