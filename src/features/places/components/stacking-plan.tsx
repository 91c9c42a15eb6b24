import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Floor } from '@/api/platform-schemas';
import { measureColor } from '@/components/charts/measure-palette';
import { OutlinedNativeSelect } from '@/components/outlined-field';
import { paths } from '@/config/paths';
import { displayName, formatArea, formatCount } from '@/lib/format';
import type { LevelOutline } from '@/api/get-building-outline';
import { checkFloorCounts, floorOfLevel } from '../utils/floor-match';
import { levelKey } from '../utils/room-labels';

export interface StackRow {
  /** What the floor's link uses (id or position); undefined when the drill-down is not there. */
  key: string | undefined;
  name: string;
  floorId: string | undefined;
  area: number | undefined;
  /** The rooms the drill-down gave, else the floor record's count. */
  rooms: number | undefined;
  /** The platform's answer failed to give this level's rooms (a partial answer): never a count. */
  roomsUnavailable: boolean;
}

/** Floors as facility managers read a building: one row each, the top floor at the top. */
export function stackRows(
  floors: readonly Floor[] | undefined,
  levels: readonly LevelOutline[] | null | undefined,
): StackRow[] {
  const rows: StackRow[] = levels
    ? levels.map((level, index) => {
        const floor = floorOfLevel(floors, level, index, levels.length);
        return {
          key: levelKey(level, index),
          name: displayName(level.name),
          floorId: floor?.id ?? level.id,
          area: floor?.area ?? undefined,
          rooms: level.rooms?.length ?? floor?.spaceCount ?? undefined,
          roomsUnavailable: level.rooms === null,
        };
      })
    : (floors ?? []).map((floor) => ({
        key: undefined,
        name: displayName(floor.name),
        floorId: floor.id,
        area: floor.area ?? undefined,
        rooms: floor.spaceCount ?? undefined,
        roomsUnavailable: false,
      }));
  return rows.reverse();
}

/**
 * A floor's row: one line where the columns fit side by side, three on a phone (the floor's name,
 * its bars, its state now on a line of its own), each row as tall as what it holds so no row
 * draws over the next: on a phone at least `xs` (`xsWithState` with a state line), measured when
 * virtual. The state's line is there from the first draw: a row that grew as the state arrived
 * would move the floors below it under a finger aimed at one.
 */
const rowHeight = { xs: 76, xsWithState: 105, sm: 40 } as const;

const roomCount = (rooms: number) => `${formatCount(rooms)} ${rooms === 1 ? 'room' : 'rooms'}`;

/** What a floor's rooms cell says on hover: the count, or why there is none. */
const roomsTitle = (row: StackRow) =>
  row.roomsUnavailable
    ? `The platform did not give this floor's rooms${row.rooms === undefined ? '' : `; its record says ${roomCount(row.rooms)}`}`
    : row.rooms === undefined
      ? 'Rooms not known'
      : roomCount(row.rooms);

/**
 * A column of each floor's state now, drawn by whoever composes the plan (the building's route
 * brings the conditions): the plan knows floors, not comfort.
 */
export interface FloorColumn {
  title: string;
  cell: (floorId: string | undefined) => ReactNode;
}

const columns = (extra: FloorColumn | undefined) => ({
  xs: '1fr 1fr',
  sm: `minmax(140px, 1.2fr) 2fr 2fr${extra ? ' 1.5fr' : ''}`,
});
/** Up to this many floors are drawn at once; taller buildings are drawn as they scroll into view. */
const drawnAtOnce = 100;
/** From this many floors on, a floor can be picked by name rather than found by scrolling. */
const jumpFrom = 20;

/**
 * "Go to floor": in a tower a floor far down the plan is a pick and a press away, by keyboard as
 * by touch (a native select: every phone shows its own picker).
 */
function FloorJump({ buildingId, rows }: { buildingId: string; rows: readonly StackRow[] }) {
  const navigate = useNavigate();
  const openable = rows.filter((row) => row.key !== undefined);
  const [picked, setPicked] = useState<string>();
  if (openable.length < jumpFrom) return null;
  // The top floor until one is picked (the floors may arrive after the first draw).
  const key = openable.some((row) => row.key === picked) ? picked! : openable[0]!.key!;
  const open = (event: FormEvent) => {
    event.preventDefault();
    void navigate(paths.level(buildingId, key));
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Go to a floor"
      onSubmit={open}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}
    >
      <OutlinedNativeSelect
        label="Go to floor"
        value={key}
        onChange={(event) => setPicked(event.target.value)}
        sx={{ minWidth: 180 }}
      >
        {openable.map((row) => (
          <option key={row.key} value={row.key}>
            {row.name}
          </option>
        ))}
      </OutlinedNativeSelect>
      <Button type="submit" variant="outlined">
        Open
      </Button>
    </Box>
  );
}

function Bar({
  value,
  max,
  measure,
}: {
  value: number | undefined;
  max: number;
  measure: 'area' | 'spaces';
}) {
  const width =
    value === undefined || max <= 0 ? 0 : Math.max(value > 0 ? 2 : 0, (value / max) * 100);
  return (
    <Box sx={{ height: 8, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ height: '100%', width: `${width}%`, bgcolor: measureColor(measure) }} />
    </Box>
  );
}

/** What every row of one plan shares: where its links go, its scales, its extra column. */
interface PlanScale {
  buildingId: string;
  maxArea: number;
  maxRooms: number;
  extra: FloorColumn | undefined;
}

function PlanRow({ row, plan }: { row: StackRow; plan: PlanScale }) {
  const { buildingId, maxArea, maxRooms, extra } = plan;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: columns(extra),
        alignItems: 'center',
        alignContent: 'center',
        columnGap: 2,
        rowGap: 0.5,
        height: { xs: 'auto', sm: rowHeight.sm },
        minHeight: { xs: extra ? rowHeight.xsWithState : rowHeight.xs, sm: 0 },
        py: { xs: 1, sm: 0 },
        px: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        {row.key !== undefined ? (
          <Link
            component={RouterLink}
            to={paths.level(buildingId, row.key)}
            noWrap
            sx={{ display: 'block' }}
          >
            {row.name}
          </Link>
        ) : (
          <Typography noWrap>{row.name}</Typography>
        )}
      </Box>
      <Box title={row.area === undefined ? 'Area not given' : formatArea(row.area)}>
        <Bar value={row.area} max={maxArea} measure="area" />
        <Typography variant="caption" color="text.secondary">
          {row.area === undefined ? '—' : formatArea(row.area)}
        </Typography>
      </Box>
      <Box title={roomsTitle(row)}>
        <Bar value={row.roomsUnavailable ? undefined : row.rooms} max={maxRooms} measure="spaces" />
        <Typography
          variant="caption"
          color={row.roomsUnavailable ? 'warning.main' : 'text.secondary'}
          sx={row.roomsUnavailable ? { fontWeight: 600 } : undefined}
        >
          {row.roomsUnavailable
            ? 'rooms unavailable'
            : row.rooms === undefined
              ? '—'
              : roomCount(row.rooms)}
        </Typography>
      </Box>
      {extra ? (
        <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          {extra.cell(row.floorId)}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The building's floors as a stacking plan: top floor at the top, bars for area and rooms on one
 * scale per building, each floor a link to its page. Tall towers are drawn as they scroll into
 * view (the page scrolls, not a box inside it). Disagreeing floor counts are said, not hidden.
 */
export function StackingPlan({
  buildingId,
  recordedFloorCount,
  floors,
  levels,
  extra,
}: {
  buildingId: string;
  recordedFloorCount: number | null;
  floors: readonly Floor[] | undefined;
  levels: readonly LevelOutline[] | null | undefined;
  /** A column of each floor's state now (see FloorColumn). */
  extra?: FloorColumn | undefined;
}) {
  const rows = stackRows(floors, levels);
  const maxArea = Math.max(0, ...rows.map((row) => row.area ?? 0));
  const maxRooms = Math.max(0, ...rows.map((row) => (row.roomsUnavailable ? 0 : (row.rooms ?? 0))));
  const plan: PlanScale = { buildingId, maxArea, maxRooms, extra };
  const counts = checkFloorCounts(recordedFloorCount, floors, levels);
  return (
    <>
      {!counts.agree ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The platform disagrees with itself about this building's floors: its record says{' '}
          {formatCount(counts.recorded ?? 0)}
          {counts.listed !== undefined ? `, its floor list has ${formatCount(counts.listed)}` : ''}
          {counts.levels !== undefined ? `, its drill-down has ${formatCount(counts.levels)}` : ''}.
          The plan shows the drill-down's.
        </Alert>
      ) : null}
      <FloorJump buildingId={buildingId} rows={rows} />
      <Paper variant="outlined">
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'grid' },
            gridTemplateColumns: columns(extra).sm,
            columnGap: 2,
            px: 2,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="subtitle2">Floor (top first)</Typography>
          <Typography variant="subtitle2">Area</Typography>
          <Typography variant="subtitle2">Rooms</Typography>
          {extra ? <Typography variant="subtitle2">{extra.title}</Typography> : null}
        </Box>
        {rows.length > drawnAtOnce ? (
          <VirtualRows rows={rows} plan={plan} />
        ) : (
          <Box component="ol" aria-label="Floors" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((row, index) => (
              <li key={row.key ?? `${row.floorId}-${index}`}>
                <PlanRow row={row} plan={plan} />
              </li>
            ))}
          </Box>
        )}
      </Paper>
    </>
  );
}

function VirtualRows({ rows, plan }: { rows: StackRow[]; plan: PlanScale }) {
  const list = useRef<HTMLOListElement>(null);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const height = wide ? rowHeight.sm : plan.extra ? rowHeight.xsWithState : rowHeight.xs;
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(list.current ? list.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => height,
    overscan: 10,
    scrollMargin: offset,
    // The top floors are drawn even while the plan is still below the fold.
    rangeExtractor: (range) =>
      [
        ...new Set([
          ...Array.from({ length: Math.min(20, range.count) }, (_, index) => index),
          ...defaultRangeExtractor(range),
        ]),
      ].sort((a, b) => a - b),
  });
  // A window turned or resized across the phone's width: every row's place is worked out again.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, height]);
  return (
    <Box
      component="ol"
      ref={list}
      aria-label="Floors"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        position: 'relative',
        height: virtualizer.getTotalSize(),
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <li
            key={item.key}
            // Measured as drawn: a phone's row grows when its state wraps.
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-posinset={item.index + 1}
            aria-setsize={rows.length}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${item.start - offset}px)`,
            }}
          >
            <PlanRow row={row} plan={plan} />
          </li>
        );
      })}
    </Box>
  );
}
