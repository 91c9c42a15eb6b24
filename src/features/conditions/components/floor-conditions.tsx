import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { BandsFailed, ConditionsUnavailable } from './conditions-unavailable';
import { OutsideHoursNote } from './outside-hours-note';
import {
  floorVerdicts,
  useFloorConditions,
  type FloorRoom,
  type FloorSortKey,
} from '../hooks/use-floor-conditions';
import {
  bandKinds,
  bandedKindLabels,
  describeBand,
  type ComfortVerdict,
} from '@/shared/rules/comfort';
import type { RoomJudging } from '@/api/get-room-bands';
import { displayUnit } from '@/shared/rules/measurement-kinds';
import type { RoomCondition } from '@/domain/room-conditions';
import { countOf, formatAge } from '@/lib/format';

export type { FloorRoom } from '../hooks/use-floor-conditions';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const number = new Intl.NumberFormat('en-US');

/** Shown from a tablet's width up: a phone's row keeps the verdict and its age (walk P3-13). */
const fromTablet = { display: { xs: 'none', sm: 'inline' } } as const;
const fromTabletCell = { display: { xs: 'none', sm: 'table-cell' } } as const;
const onPhoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

/**
 * A room's verdict in words; `ownBandsWhy`: why the room has bands of its own, if it has. On a
 * phone each verdict is a word or two above its age (the column is a quarter of the row): the
 * band and the rooms without one are left to the legend under the table ("Bands for …"), which
 * names every band the floor's rooms are judged by, and what to do about an implausible reading
 * to the room's page.
 */
function verdictWords(verdict: ComfortVerdict | undefined, ownBandsWhy?: string): ReactNode {
  switch (verdict?.status) {
    case 'in-band':
      return 'in band';
    case 'low':
    case 'high': {
      const limit = verdict.status === 'low' ? verdict.band.low : verdict.band.high;
      return (
        <>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {verdict.status === 'low' ? 'below' : 'above'} {number.format(limit ?? 0)}{' '}
            {verdict.band.unit}
          </Box>
          <Box component="span" sx={fromTablet}>
            {' '}
            (band {describeBand(verdict.band)})
          </Box>
        </>
      );
    }
    case 'stale':
      return 'stale';
    case 'no-band':
      return ownBandsWhy ? (
        <>
          not judged
          <Box component="span" sx={fromTablet}>
            {' '}
            in {ownBandsWhy}
          </Box>
        </>
      ) : (
        'no band'
      );
    case 'implausible':
      return (
        <>
          implausible
          <Box component="span" sx={fromTablet}>
            {' '}
            reading: check the sensor
          </Box>
        </>
      );
    case 'outside-hours':
      return 'outside comfort hours';
    default:
      return '';
  }
}

/**
 * The bands a floor's rooms are judged by for one kind, each with its source and the rooms it is
 * for: "20–24 °C (EN 16798-1 category II, heating season) in rooms people work in; none in
 * storage, plant and circulation (Storage)". Empty for a kind without a band.
 */
function bandsLegend(
  kindLabel: string | undefined,
  roomIds: readonly string[],
  judging: RoomJudging,
): string {
  const kind = bandKinds.find((candidate) => bandedKindLabels[candidate] === kindLabel);
  if (!kind) return '';
  const parts = new Map<string, string>();
  for (const roomId of roomIds) {
    const why = judging.ownBandsWhy(roomId) ?? 'rooms people work in';
    if (parts.has(why)) continue;
    const band = judging.bandsOf(roomId)[kind];
    parts.set(why, band ? `${describeBand(band)} (${band.source}) in ${why}` : `none in ${why}`);
  }
  return [...parts.values()].join('; ');
}

/**
 * A floor's rooms as they are now, for one measure at a time: a coloured, sortable column, and how
 * many rooms have a reading out of its band. One platform call: the floor's current values.
 */
export function FloorConditions({
  buildingId,
  floorId,
  rooms,
  expectedRooms = rooms.length,
  timeZone,
  measure,
  onMeasureChange,
}: {
  /** The floor's building: its rooms' bands follow their types (the index's room-bands). */
  buildingId: string;
  floorId: string | undefined;
  /** The site's time zone: the comfort hours are judged on its clock. */
  timeZone: string | null | undefined;
  rooms: readonly FloorRoom[];
  /**
   * How many rooms the floor lists before their details arrive (the outline's): the placeholder
   * takes about their rows' height, so the sections below do not jump when the table comes.
   */
  expectedRooms?: number | undefined;
  measure: string | null;
  onMeasureChange: (measure: string | undefined) => void;
}) {
  const headingId = useId();
  const model = useFloorConditions({ buildingId, floorId, rooms, timeZone, measure });
  const { capabilities, feature, values, judging, kinds } = model;
  let body: ReactNode;
  if (feature && !feature.available) {
    body = <ConditionsUnavailable feature={feature} />;
  } else if (floorId === undefined) {
    body = (
      <Typography color="text.secondary">
        This floor is not on the platform's floor list, so its conditions cannot be asked for.
      </Typography>
    );
  } else if (capabilities.isError) {
    body = <BandsFailed capabilities={capabilities} />;
  } else if (values.isPending || !judging) {
    // A row a room, and the measure's toggle and summary above them.
    body = (
      <LoadingSkeleton
        label="Loading the floor's conditions"
        rows={Math.max(3, Math.max(expectedRooms, rooms.length) + 2)}
      />
    );
  } else if (values.isError) {
    body = (
      <PartFailedAlert onRetry={() => void values.refetch()}>
        The floor's current conditions could not be loaded: {values.error.message}
      </PartFailedAlert>
    );
  } else if (kinds.length === 0) {
    body = <Typography>No room on this floor reports a value.</Typography>;
  } else {
    body = (
      <FloorRoomsNow
        model={model}
        judging={judging}
        rooms={rooms}
        onMeasureChange={onMeasureChange}
      />
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Now
      </Typography>
      {body}
    </Box>
  );
}

type FloorConditionsModel = ReturnType<typeof useFloorConditions>;

/** The floor's rooms judged for the chosen measure: summary, measure, table, order and bands. */
function FloorRoomsNow({
  model,
  judging,
  rooms,
  onMeasureChange,
}: {
  model: FloorConditionsModel;
  judging: RoomJudging;
  rooms: readonly FloorRoom[];
  onMeasureChange: (measure: string | undefined) => void;
}) {
  const { chosen, kinds, conditions, schedule } = model;
  const legend = bandsLegend(chosen, model.roomIds, judging);
  const { outOfBand, outsideHours } = floorVerdicts(rooms, conditions);
  return (
    <>
      {outsideHours && schedule ? (
        <Box sx={{ mb: 1 }}>
          <OutsideHoursNote schedule={schedule} />
        </Box>
      ) : (
        <Typography sx={{ mb: 1 }}>
          {outOfBand === 0
            ? `No room is out of its comfort band now (${countOf(rooms.length, 'room')}).`
            : `${outOfBand} of ${countOf(rooms.length, 'room')} ${outOfBand === 1 ? 'has' : 'have'} a reading out of its comfort band now.`}
        </Typography>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={chosen}
        onChange={(_event, next: string | null) => {
          if (next) onMeasureChange(next === kinds[0] ? undefined : next);
        }}
        aria-label="Measure"
        sx={{ mb: 1, flexWrap: 'wrap', '& .MuiToggleButton-root': { textTransform: 'none' } }}
      >
        {kinds.map((kind) => (
          <ToggleButton key={kind} value={kind}>
            {kind}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FloorRoomsTable model={model} judging={judging} />
      {model.newerOrder ? (
        // Below the table: a note above it would push the rows down under a finger.
        <Typography variant="body2" sx={{ mt: 1 }}>
          Newer readings would change this order.{' '}
          <Button size="small" onClick={model.sortAgain}>
            Sort again
          </Button>
        </Typography>
      ) : null}
      {legend ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Bands for {chosen}: {legend}.
        </Typography>
      ) : null}
    </>
  );
}

/** The floor's rooms for the chosen measure, sortable by room or value. */
function FloorRoomsTable({
  model,
  judging,
}: {
  model: FloorConditionsModel;
  judging: RoomJudging;
}) {
  const { chosen, conditions, sort, sortBy, now } = model;
  const header = (key: FloorSortKey, label: string, numeric = false) => (
    <TableCell
      align={numeric ? 'right' : 'left'}
      sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key && sort.desc ? 'desc' : 'asc'}
        onClick={() => sortBy(key)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={`Rooms now: ${chosen}`}
        // A phone's three columns share 358 px: narrower gutters, values on one line.
        sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            {header('room', 'Room')}
            {header('value', chosen ?? 'Value', true)}
            <TableCell>Verdict</TableCell>
            <TableCell sx={fromTabletCell}>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {model.sorted.map((room) => (
            <RoomNowRow
              key={room.spaceId}
              room={room}
              condition={conditions.get(room.spaceId)}
              ownBandsWhy={judging.ownBandsWhy(room.spaceId)}
              now={now}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One room's reading, coloured by its verdict, the verdict in words and the reading's age. */
function RoomNowRow({
  room,
  condition,
  ownBandsWhy,
  now,
}: {
  room: FloorRoom;
  condition: RoomCondition | undefined;
  ownBandsWhy: string | undefined;
  now: number;
}) {
  const reading = condition?.reading;
  const status = condition?.verdict?.status;
  const unit = displayUnit(reading?.unit);
  const time = reading && Number.isFinite(reading.time) ? reading.time : undefined;
  const age = time === undefined ? '' : formatAge(now - time);
  return (
    <TableRow>
      <TableCell>
        <Link component={RouterLink} to={room.href}>
          {room.name}
        </Link>
      </TableCell>
      <TableCell
        align="right"
        sx={(theme) => ({
          fontVariantNumeric: 'tabular-nums',
          bgcolor:
            status === 'low' || status === 'high'
              ? alpha(theme.palette.warning.main, 0.28)
              : status === 'in-band'
                ? alpha(theme.palette.success.main, 0.14)
                : undefined,
        })}
      >
        {reading
          ? `${typeof reading.value === 'number' ? numberFormat.format(reading.value) : String(reading.value)}${unit ? `\u00a0${unit}` : ''}`
          : 'no sensor'}
      </TableCell>
      <TableCell>
        {verdictWords(condition?.verdict, ownBandsWhy)}
        {time !== undefined ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ ...onPhoneOnly, whiteSpace: 'nowrap' }}
          >
            {formatAge(now - time, 'short')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={fromTabletCell}>{age}</TableCell>
    </TableRow>
  );
}
